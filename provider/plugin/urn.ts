/**
 * A resource's type and name, as the engine gives them. Current engines send both in every resource request;
 * for one that sends none, they come from the URN by the engine's own rule (sdk/go/common/resource/urn/urn.go):
 * `urn:pulumi:<stack>::<project>::<qualified type>::<name>`, where the type is the qualified type after its last
 * `$` (parent types come before) and the name is everything after the third `::`, so a name may hold `::` itself.
 */
const URN_PREFIX = "urn:pulumi:";
const DELIMITER = "::";

/** The `::`-separated components of a URN after its prefix, the last one keeping any further `::`. */
function components(urn: string): string[] {
  const rest = urn.startsWith(URN_PREFIX) ? urn.slice(URN_PREFIX.length) : urn;
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < 3; index++) {
    const end = rest.indexOf(DELIMITER, start);
    if (end < 0) break;
    parts.push(rest.slice(start, end));
    start = end + DELIMITER.length;
  }
  parts.push(rest.slice(start));
  return parts;
}

/** The resource type of a URN: `tenant:index:<Name>`, or `pulumi:providers:tenant` for a provider. */
export function typeOfUrn(urn: string): string {
  const qualified = components(urn)[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

/** The resource name of a URN: everything after its third `::`. */
export function nameOfUrn(urn: string): string {
  const parts = components(urn);
  return parts.length === 4 ? parts[3] : "";
}

/** What every resource request (and Configure) carries: the URN, and from current engines the type and name. */
export interface NamedRequest {
  getUrn(): string | undefined;
  getType(): string | undefined;
  getName(): string | undefined;
}

export function requestType(req: NamedRequest): string {
  return req.getType() || typeOfUrn(req.getUrn() ?? "");
}

export function requestName(req: NamedRequest): string {
  return req.getName() || nameOfUrn(req.getUrn() ?? "");
}
