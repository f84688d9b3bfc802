// expand and flatten of the MFA policy and the phone message types, on the recorded shapes of the API.
import { describe, expect, it } from "vitest";
import { MFA_POLICY_NAMES } from "../../provider/resources/enums.generated";
import { expandPolicy, flattenPolicy, policiesRequest, policiesResponse } from "../../provider/resources/mfaPolicy/wire";
import {
  expandMessageTypes,
  flattenMessageTypes,
  messageTypesRequest,
  messageTypesResponse,
} from "../../provider/resources/phoneMessageTypes/wire";

describe("MFA policy on the wire", () => {
  const cases: [policy: (typeof MFA_POLICY_NAMES)[number], wire: string[]][] = [
    ["never", []],
    ["all-applications", ["all-applications"]],
    ["confidence-score", ["confidence-score"]],
  ];
  it.each(cases)("%s ↔ %j, both ways", (policy, wire) => {
    expect(expandPolicy(policy)).toEqual(wire);
    expect(policiesRequest.parse(expandPolicy(policy))).toEqual(wire);
    expect(flattenPolicy(policiesResponse.parse(wire))).toBe(policy);
  });

  it("every policy name is covered", () => {
    expect(cases.map(([policy]) => policy)).toEqual([...MFA_POLICY_NAMES]);
  });

  it("an unknown policy is kept so it shows as drift; several (never recorded) differ from any one", () => {
    expect(flattenPolicy(policiesResponse.parse(["sometimes"]))).toBe("sometimes");
    expect(flattenPolicy(["all-applications", "confidence-score"])).toBe("all-applications,confidence-score");
  });

  it("rejects an answer that is not an array of strings", () => {
    expect(policiesResponse.safeParse({ policies: [] }).success).toBe(false);
    expect(policiesResponse.safeParse([1]).success).toBe(false);
  });
});

describe("phone message types on the wire", () => {
  it.each([[["sms"]], [["sms", "voice"]], [["voice", "sms"]], [[]]])("%j round-trips, order kept", (types) => {
    const body = expandMessageTypes(types);
    expect(body).toEqual({ message_types: types });
    expect(messageTypesRequest.parse(body)).toEqual(body);
    expect(flattenMessageTypes(messageTypesResponse.parse(body))).toEqual({ messageTypes: types });
  });

  it("keeps unknown types (drift) and drops extra fields; rejects a missing list", () => {
    expect(flattenMessageTypes(messageTypesResponse.parse({ message_types: ["fax"], other: 1 }))).toEqual({ messageTypes: ["fax"] });
    expect(messageTypesResponse.safeParse({}).success).toBe(false);
  });
});
