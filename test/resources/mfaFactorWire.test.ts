// expand and flatten of the guardian factors, on the recorded shapes of the API.
import { describe, expect, it } from "vitest";
import { MFA_FACTOR_NAMES } from "../../provider/resources/enums.generated";
import {
  expandFactor,
  factorListResponse,
  factorPath,
  factorRequest,
  factorResponse,
  flattenFactor,
  flattenFactorResponse,
} from "../../provider/resources/mfaFactor/wire";

const RECORDED_LIST = [
  { name: "sms", enabled: true, trial_expired: false },
  { name: "push-notification", enabled: false, trial_expired: false },
  { name: "otp", enabled: false, trial_expired: false },
  { name: "email", enabled: false, trial_expired: false },
  { name: "duo", enabled: false, trial_expired: true },
  { name: "webauthn-roaming", enabled: false, trial_expired: false },
  { name: "webauthn-platform", enabled: false, trial_expired: false },
  { name: "recovery-code", enabled: false, trial_expired: false },
];

describe("expandFactor", () => {
  it.each([true, false])("enabled %s → the PUT body, which the request schema accepts", (enabled) => {
    expect(expandFactor(enabled)).toEqual({ enabled });
    expect(factorRequest.parse(expandFactor(enabled))).toEqual({ enabled });
  });

  it.each(MFA_FACTOR_NAMES)("the PUT path of %s is under /guardian/factors", (name) => {
    expect(factorPath(name)).toBe(`/guardian/factors/${name}`);
  });
});

describe("flattenFactor of the parsed list", () => {
  const list = factorListResponse.parse(RECORDED_LIST);
  const cases: [factor: string, expected: ReturnType<typeof flattenFactor>][] = [
    ["sms", { enabled: true, trialExpired: false }],
    ["duo", { enabled: false, trialExpired: true }],
    ["recovery-code", { enabled: false, trialExpired: false }],
    ["phone", undefined],
  ];
  it.each(cases)("%s", (factor, expected) => {
    expect(flattenFactor(list, factor)).toEqual(expected);
  });

  it("a missing trial_expired reads as false; extra fields are dropped", () => {
    const parsed = factorListResponse.parse([{ name: "otp", enabled: true, extra: 1 }]);
    expect(parsed).toEqual([{ name: "otp", enabled: true }]);
    expect(flattenFactor(parsed, "otp")).toEqual({ enabled: true, trialExpired: false });
  });

  it("rejects an item without enabled, or a list that is not an array", () => {
    expect(factorListResponse.safeParse([{ name: "sms" }]).success).toBe(false);
    expect(factorListResponse.safeParse({ factors: [] }).success).toBe(false);
  });
});

describe("flattenFactorResponse", () => {
  it("takes what the PUT answered, or what was sent when it answers nothing", () => {
    expect(flattenFactorResponse(factorResponse.parse({ enabled: false }), true)).toBe(false);
    expect(flattenFactorResponse(factorResponse.parse({}), true)).toBe(true);
  });
});
