// expand and flatten of the push-notification provider selection, on the recorded shapes of the API.
import { describe, expect, it } from "vitest";
import { PUSH_PROVIDER_NAMES } from "../../provider/resources/enums.generated";
import { expandSelection, flattenSelection, selectionRequest, selectionResponse } from "../../provider/resources/pushProviderSelection/wire";

describe("expandSelection", () => {
  it.each(PUSH_PROVIDER_NAMES)("%s → the PUT body, which the request schema accepts", (provider) => {
    const body = expandSelection({ provider });
    expect(body).toEqual({ provider });
    expect(selectionRequest.parse(body)).toEqual(body);
  });
});

describe("flattenSelection of a parsed response", () => {
  const cases: [label: string, wire: unknown, expected: { provider: string | null }][] = [
    ["recorded PUT/GET answer", { provider: "sns" }, { provider: "sns" }],
    ["provider absent (optional in the schema)", {}, { provider: null }],
    ["a value we do not select, kept so drift shows", { provider: "apns" }, { provider: "apns" }],
    ["extra unknown fields dropped", { provider: "direct", region: "eu" }, { provider: "direct" }],
  ];
  it.each(cases)("%s", (_label, wire, expected) => {
    expect(flattenSelection(selectionResponse.parse(wire))).toEqual(expected);
  });

  it("rejects a provider that is not a string", () => {
    expect(selectionResponse.safeParse({ provider: 3 }).success).toBe(false);
  });
});

describe("round trip: expand, the service echoes the body, flatten", () => {
  it.each(PUSH_PROVIDER_NAMES)("%s", (provider) => {
    expect(flattenSelection(selectionResponse.parse(expandSelection({ provider })))).toEqual({ provider });
  });
});
