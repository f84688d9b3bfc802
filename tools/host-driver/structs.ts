/** TEST TOOL — property maps to and from protobuf Structs, as the engine sends and reads them over gRPC. */
import type { PropertyMap } from "../pulumi-cli/driver/values";
import { pulumiSdk } from "../pulumi-cli/sdk";

/** `undefined` members are dropped (a Struct cannot carry them), as JSON drops them. */
export function toStruct(value: PropertyMap) {
  return pulumiSdk().structPb.Struct.fromJavaScript(JSON.parse(JSON.stringify(value)) as never);
}

export function fromStruct(struct: { toJavaScript(): Record<string, unknown> } | undefined): PropertyMap {
  return struct ? struct.toJavaScript() : {};
}
