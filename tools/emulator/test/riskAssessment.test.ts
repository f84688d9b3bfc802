// Adaptive MFA (api-wire §12.1): the recorded risk-assessment exchanges, the emulator's choices where nothing was
// recorded, a tenant without the add-on, and the confidence-score policy's reported side effect.
import { describe, expect, it } from "vitest";
import { NEW_DEVICE_PATH, RISK_ASSESSMENT_PATH, startEmulator } from "..";
import { call, useEmulator, type Json } from "./support";

const SETTINGS = `/api/v2${RISK_ASSESSMENT_PATH}`;
const NEW_DEVICE = `/api/v2${NEW_DEVICE_PATH}`;
const POLICIES = "/api/v2/guardian/policies";

type Exchange = [method: string, path: string, body: Json | undefined, status: number, answer: Json];

describe("the recorded exchanges (go-auth0 TestRiskAssessmentManager), replayed in order", () => {
  const ctx = useEmulator();

  it("a fresh tenant reads off and 30 days; each PATCH answers the value it set, and the GET agrees", async () => {
    const exchanges: Exchange[] = [
      ["GET", SETTINGS, undefined, 200, { enabled: false }],
      ["PATCH", SETTINGS, { enabled: true }, 200, { enabled: true }],
      ["GET", SETTINGS, undefined, 200, { enabled: true }],
      ["PATCH", SETTINGS, { enabled: false }, 200, { enabled: false }],
      ["GET", NEW_DEVICE, undefined, 200, { remember_for: 30 }],
      ["PATCH", NEW_DEVICE, { remember_for: 60 }, 200, { remember_for: 60 }],
      ["GET", NEW_DEVICE, undefined, 200, { remember_for: 60 }],
      ["PATCH", NEW_DEVICE, { remember_for: 20 }, 200, { remember_for: 20 }],
    ];
    for (const [method, path, body, status, answer] of exchanges) {
      const res = await call(ctx.emulator, method, path, { token: ctx.token, body });
      expect({ method, path, status: res.status, text: res.text }).toEqual({ method, path, status, text: JSON.stringify(answer) });
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    expect(ctx.emulator.state.riskAssessment.settings).toEqual({ enabled: false });
    expect(ctx.emulator.state.riskAssessment.newDevice).toEqual({ remember_for: 20 });
  });
});

describe("where nothing was recorded (the emulator's choices, in its README)", () => {
  const ctx = useEmulator();
  const send = (method: string, path: string, body?: unknown) => call(ctx.emulator, method, path, { token: ctx.token, body });

  it.each([
    [SETTINGS, {}, "Payload validation error: 'Missing required property: enabled'."],
    [SETTINGS, { enabled: "yes" }, "Payload validation error: 'Expected type boolean but found type string' on property enabled (Whether or not risk assessment is enabled)."],
    [SETTINGS, { enabled: true, remember_for: 30 }, "Payload validation error: 'Additional properties not allowed: remember_for'."],
    [SETTINGS, [true], "Payload validation error: 'Expected type object but found type array'."],
    [NEW_DEVICE, {}, "Payload validation error: 'Missing required property: remember_for'."],
    [NEW_DEVICE, { remember_for: 0 }, "Payload validation error: 'Value 0 is less than minimum 1' on property remember_for (Length of time to remember devices for, in days)."],
    [NEW_DEVICE, { remember_for: 366 }, "Payload validation error: 'Value 366 is greater than maximum 365' on property remember_for (Length of time to remember devices for, in days)."],
    [NEW_DEVICE, { remember_for: 1.5 }, "Payload validation error: 'Expected type integer but found type number' on property remember_for (Length of time to remember devices for, in days)."],
    [NEW_DEVICE, { remember_for: "30" }, "Payload validation error: 'Expected type integer but found type string' on property remember_for (Length of time to remember devices for, in days)."],
    [NEW_DEVICE, { remember_for: 30, enabled: true }, "Payload validation error: 'Additional properties not allowed: enabled'."],
  ])("PATCH %s %j is 400 invalid_body and changes nothing", async (path, body, message) => {
    const res = await send("PATCH", path, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.riskAssessment.snapshot()).toMatchObject({ enabled: false, rememberFor: 30 });
  });

  it("an empty body is refused; 1 and 365 days are accepted; a form body is 415", async () => {
    expect((await call(ctx.emulator, "PATCH", SETTINGS, { token: ctx.token, raw: "" })).body.message).toBe(
      "Payload validation error: 'Expected type object but found type null'.",
    );
    expect((await send("PATCH", NEW_DEVICE, { remember_for: 1 })).body).toEqual({ remember_for: 1 });
    expect((await send("PATCH", NEW_DEVICE, { remember_for: 365 })).body).toEqual({ remember_for: 365 });
    const form = await call(ctx.emulator, "PATCH", SETTINGS, { token: ctx.token, form: { enabled: "true" } });
    expect(form.status).toBe(415);
    expect(ctx.emulator.state.riskAssessment.settings.enabled).toBe(false);
  });

  it("no PUT and no DELETE on either path (404), as on the service", async () => {
    ctx.emulator.seedRiskAssessment({ enabled: true, rememberFor: 90 });
    for (const path of [SETTINGS, NEW_DEVICE]) {
      expect((await send("DELETE", path)).status).toBe(404);
      expect((await send("PUT", path, path === SETTINGS ? { enabled: false } : { remember_for: 30 })).status).toBe(404);
    }
    expect(ctx.emulator.state.riskAssessment.snapshot()).toMatchObject({ enabled: true, rememberFor: 90 });
  });

  it("reads need read:attack_protection and writes update:attack_protection", async () => {
    const readOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:attack_protection"] });
    for (const path of [SETTINGS, NEW_DEVICE]) {
      expect((await call(ctx.emulator, "GET", path, { token: readOnly })).status).toBe(200);
      const write = await call(ctx.emulator, "PATCH", path, { token: readOnly, body: path === SETTINGS ? { enabled: true } : { remember_for: 7 } });
      expect(write.status).toBe(403);
      expect(write.body).toEqual({
        statusCode: 403,
        error: "Forbidden",
        message: "Insufficient scope, expected any of: update:attack_protection",
        errorCode: "insufficient_scope",
      });
    }
    const guardianOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:guardian_factors", "read:mfa_policies"] });
    expect((await call(ctx.emulator, "GET", SETTINGS, { token: guardianOnly })).body.message).toBe("Insufficient scope, expected any of: read:attack_protection");
    expect(ctx.emulator.state.riskAssessment.snapshot()).toMatchObject({ enabled: false, rememberFor: 30 });
  });
});

const REFUSALS: [string, Json][] = [
  ["insufficient_entitlement", { statusCode: 403, error: "Forbidden", message: "Please upgrade your subscription to use Adaptive MFA", errorCode: "insufficient_entitlement" }],
  ["not_entitled", { statusCode: 403, error: "Forbidden", message: "The requestor is not entitled to perform this operation.", errorCode: "not_entitled" }],
];

describe("a tenant without the Adaptive MFA add-on", () => {
  const ctx = useEmulator();
  const send = (method: string, path: string, body?: unknown) => call(ctx.emulator, method, path, { token: ctx.token, body });

  it.each(REFUSALS)("%s: both paths refuse every call, valid or not, and change nothing", async (entitlement, refusal) => {
    ctx.emulator.seedRiskAssessment({ entitlement: entitlement as "not_entitled" });
    for (const [method, path, body] of [
      ["GET", SETTINGS, undefined],
      ["PATCH", SETTINGS, { enabled: true }],
      ["PATCH", SETTINGS, { enabled: "not even valid" }],
      ["GET", NEW_DEVICE, undefined],
      ["PATCH", NEW_DEVICE, { remember_for: 90 }],
      ["PATCH", NEW_DEVICE, { remember_for: 0 }],
    ] as const) {
      const res = await send(method, path, body);
      expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 403, body: refusal });
    }
    expect(ctx.emulator.state.riskAssessment.snapshot()).toMatchObject({ enabled: false, rememberFor: 30 });
  });

  it.each(REFUSALS)("%s: a PUT of the confidence-score policy is refused; the other policies and reads are not", async (entitlement, refusal) => {
    ctx.emulator.seedRiskAssessment({ entitlement: entitlement as "not_entitled" });
    const adaptive = await send("PUT", POLICIES, ["confidence-score"]);
    expect(adaptive.status).toBe(403);
    expect(adaptive.body).toEqual(refusal);
    expect(ctx.emulator.state.mfa.policies).toEqual([]);
    expect(ctx.emulator.state.riskAssessment.settings.enabled).toBe(false);
    expect((await send("PUT", POLICIES, ["all-applications"])).body).toEqual(["all-applications"]);
    expect((await send("PUT", POLICIES, [])).body).toEqual([]);
    expect((await send("GET", POLICIES)).status).toBe(200);
  });

  it("the scope is checked first, the add-on next, the body last", async () => {
    ctx.emulator.seedRiskAssessment({ entitlement: "insufficient_entitlement" });
    const noScope = await ctx.emulator.issueToken("demo", { scopes: ["read:attack_protection"] });
    expect((await call(ctx.emulator, "PATCH", SETTINGS, { token: noScope, body: { enabled: true } })).body.errorCode).toBe("insufficient_scope");
    expect((await send("PATCH", SETTINGS, {})).body.errorCode).toBe("insufficient_entitlement");
    // An invalid policy is a 400 whatever the plan: the policy is read before the plan is asked.
    expect((await send("PUT", POLICIES, ["confidence-score", "all-applications"])).body.errorCode).toBe("invalid_body");
  });

  it("the tenant's plan comes back with the add-on by the control, and every call succeeds", async () => {
    ctx.emulator.seedRiskAssessment({ entitlement: "not_entitled" });
    expect((await send("GET", SETTINGS)).status).toBe(403);
    ctx.emulator.seedRiskAssessment({ entitlement: "entitled" });
    expect((await send("GET", SETTINGS)).body).toEqual({ enabled: false });
    expect((await send("PUT", POLICIES, ["confidence-score"])).status).toBe(200);
  });
});

describe("a tenant started without the add-on (startEmulator's adaptiveMfa)", () => {
  const ctx = useEmulator({ adaptiveMfa: "not_entitled" });

  it("refuses from the start, and a reset puts the start-up plan back", async () => {
    expect((await call(ctx.emulator, "GET", NEW_DEVICE, { token: ctx.token })).body.errorCode).toBe("not_entitled");
    ctx.emulator.seedRiskAssessment({ entitlement: "entitled" });
    expect((await call(ctx.emulator, "GET", NEW_DEVICE, { token: ctx.token })).status).toBe(200);
    ctx.emulator.reset();
    expect(ctx.emulator.state.riskAssessment.entitlement).toBe("not_entitled");
    expect((await call(ctx.emulator, "GET", NEW_DEVICE, { token: ctx.token })).status).toBe(403);
  });

  it("bad options are refused before listening", async () => {
    await expect(startEmulator({ adaptiveMfa: "gold" as never })).rejects.toThrow(/adaptiveMfa must be one of entitled, insufficient_entitlement, not_entitled/);
    await expect(startEmulator({ confidenceScoreSideEffect: "yes" as never })).rejects.toThrow(/confidenceScoreSideEffect must be a boolean/);
  });
});

describe("the confidence-score policy's side effect (a user's report, never recorded)", () => {
  const ctx = useEmulator();
  const send = (method: string, path: string, body?: unknown) => call(ctx.emulator, method, path, { token: ctx.token, body });
  const enabled = async (): Promise<boolean> => (await send("GET", SETTINGS)).body.enabled as boolean;

  it("on by default: the policy turns risk assessment on, and changing the policy back leaves it on", async () => {
    expect(ctx.emulator.state.riskAssessment.confidenceScoreSideEffect).toBe(true);
    expect(await enabled()).toBe(false);
    expect((await send("PUT", POLICIES, ["confidence-score"])).body).toEqual(["confidence-score"]);
    expect(await enabled()).toBe(true);
    await send("PUT", POLICIES, ["all-applications"]);
    expect(await enabled()).toBe(true);
    await send("PUT", POLICIES, []);
    expect(await enabled()).toBe(true);
    expect((await send("GET", NEW_DEVICE)).body).toEqual({ remember_for: 30 });
  });

  it("turning it off while the policy stands is kept; every PUT of the policy turns it on again", async () => {
    await send("PUT", POLICIES, ["confidence-score"]);
    expect((await send("PATCH", SETTINGS, { enabled: false })).body).toEqual({ enabled: false });
    expect(await enabled()).toBe(false);
    expect((await send("GET", POLICIES)).body).toEqual(["confidence-score"]);
    await send("PUT", POLICIES, ["confidence-score"]);
    expect(await enabled()).toBe(true);
  });

  it("seeding the policy is not a PUT: no side effect", async () => {
    ctx.emulator.seedMfa({ policies: ["confidence-score"] });
    expect(await enabled()).toBe(false);
  });

  it("switched off by the control, the policy leaves risk assessment as it was", async () => {
    const control = await call(ctx.emulator, "PUT", "/__emulator/risk-assessment", { body: { confidenceScoreSideEffect: false } });
    expect(control.body).toMatchObject({ confidenceScoreSideEffect: false });
    await send("PUT", POLICIES, ["confidence-score"]);
    expect(await enabled()).toBe(false);
    ctx.emulator.reset();
    expect(ctx.emulator.state.riskAssessment.confidenceScoreSideEffect).toBe(true);
  });
});

describe("a tenant started without the side effect (startEmulator's confidenceScoreSideEffect)", () => {
  const ctx = useEmulator({ confidenceScoreSideEffect: false });

  it("the policy changes nothing else, and a reset keeps the start-up switch", async () => {
    await call(ctx.emulator, "PUT", POLICIES, { token: ctx.token, body: ["confidence-score"] });
    expect(ctx.emulator.state.riskAssessment.settings.enabled).toBe(false);
    ctx.emulator.seedRiskAssessment({ confidenceScoreSideEffect: true });
    ctx.emulator.reset();
    expect(ctx.emulator.state.riskAssessment.confidenceScoreSideEffect).toBe(false);
  });
});

describe("the seeding control", () => {
  const ctx = useEmulator();

  it("PUT /__emulator/risk-assessment sets what it names, GET reads it back, the API and /__emulator/state agree; reset is fresh", async () => {
    const seeded = await call(ctx.emulator, "PUT", "/__emulator/risk-assessment", { body: { enabled: true, rememberFor: 45 } });
    expect(seeded.status).toBe(200);
    expect(seeded.body).toEqual({ enabled: true, rememberFor: 45, entitlement: "entitled", confidenceScoreSideEffect: true });
    expect((await call(ctx.emulator, "GET", SETTINGS, { token: ctx.token })).body).toEqual({ enabled: true });
    expect((await call(ctx.emulator, "GET", NEW_DEVICE, { token: ctx.token })).body).toEqual({ remember_for: 45 });
    await call(ctx.emulator, "PUT", "/__emulator/risk-assessment", { body: { entitlement: "insufficient_entitlement" } });
    expect((await call(ctx.emulator, "GET", "/__emulator/risk-assessment")).body).toEqual({
      enabled: true,
      rememberFor: 45,
      entitlement: "insufficient_entitlement",
      confidenceScoreSideEffect: true,
    });
    expect((await call(ctx.emulator, "GET", "/__emulator/state")).body.riskAssessment).toMatchObject({ rememberFor: 45, entitlement: "insufficient_entitlement" });
    for (const body of [{ rememberFor: 0 }, { rememberFor: 366 }, { rememberFor: 2.5 }, { enabled: "on" }, { entitlement: "gold" }, { confidenceScoreSideEffect: 1 }, { remember_for: 30 }, []]) {
      expect((await call(ctx.emulator, "PUT", "/__emulator/risk-assessment", { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(() => ctx.emulator.seedRiskAssessment({ rememberFor: 400 })).toThrow(/rememberFor must be a whole number of days from 1 to 365/);
    ctx.emulator.reset();
    expect(ctx.emulator.state.riskAssessment.snapshot()).toEqual({ enabled: false, rememberFor: 30, entitlement: "entitled", confidenceScoreSideEffect: true });
  });

  it("the paths are rate limited, faulted and logged like every route", async () => {
    ctx.emulator.injectFault({ method: "PATCH", path: SETTINGS, count: 1, kind: "503", afterHandling: true });
    expect((await call(ctx.emulator, "PATCH", SETTINGS, { token: ctx.token, body: { enabled: true } })).status).toBe(503);
    expect(ctx.emulator.state.riskAssessment.settings.enabled).toBe(true);
    expect(ctx.emulator.requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([`PATCH ${SETTINGS} 503`]);
  });
});
