/** TEST TOOL — property maps to and from protobuf Structs, as the engine sends and reads them over gRPC. */
import { pulumiSdk } from "./sdk";
import { jsonSafe, type PropertyMap } from "./values";

export function toStruct(value: PropertyMap) {
  return pulumiSdk().structPb.Struct.fromJavaScript(jsonSafe(value) as never);
}

export function fromStruct(struct: { toJavaScript(): Record<string, unknown> } | undefined): PropertyMap {
  return struct ? struct.toJavaScript() : {};
}
