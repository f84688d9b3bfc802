// MFA settings beyond the contract: factors, the MFA policy and the phone factor's message types.
import { describe, expect, it } from "vitest";
import { MFA_FACTORS } from "..";
import { call, useEmulator } from "./support";

const FACTORS = "/api/v2/guardian/factors";
const POLICIES = "/api/v2/guardian/policies";
const MESSAGE_TYPES = "/api/v2/guardian/factors/phone/message-types";

describe("guardian factors", () => {
  const ctx = useEmulator();

  it("lists the eight factors, every one off on a fresh tenant, the phone factor named sms", async () => {
    const res = await call(ctx.emulator, "GET", FACTORS, { token: ctx.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.body).toEqual(MFA_FACTORS.map((name) => ({ name, enabled: false, trial_expired: false })));
    expect(MFA_FACTORS).toEqual(["sms", "push-notification", "otp", "email", "duo", "webauthn-roaming", "webauthn-platform", "recovery-code"]);
  });

  it("PUT switches one factor, answers {enabled}, the same value again is 200, and no other factor moves", async () => {
    for (let i = 0; i < 2; i++) {
      const put = await call(ctx.emulator, "PUT", `${FACTORS}/sms`, { token: ctx.token, body: { enabled: true } });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ enabled: true });
    }
    const list = (await call(ctx.emulator, "GET", FACTORS, { token: ctx.token })).body as { name: string; enabled: boolean }[];
    expect(list.filter((factor) => factor.enabled).map((factor) => factor.name)).toEqual(["sms"]);
    const off = await call(ctx.emulator, "PUT", `${FACTORS}/sms`, { token: ctx.token, body: { enabled: false } });
    expect(off.body).toEqual({ enabled: false });
    expect(ctx.emulator.state.mfa.factors.get("sms")?.enabled).toBe(false);
  });

  it("an unknown factor name is a 400 path validation error (the emulator's choice) and changes nothing", async () => {
    const res = await call(ctx.emulator, "PUT", `${FACTORS}/phone`, { token: ctx.token, body: { enabled: true } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: `Path validation error: 'No enum match for: "phone"' on property name (Factor name).`,
      errorCode: "invalid_uri",
    });
    expect(ctx.emulator.state.mfa.factorList().every((factor) => !factor.enabled)).toBe(true);
  });

  it.each([
    [{}, "Payload validation error: 'Missing required property: enabled'."],
    [{ enabled: "yes" }, "Payload validation error: 'Expected type boolean but found type string' on property enabled (Whether this factor is enabled (true) or disabled (false))."],
    [{ enabled: true, other: 1 }, "Payload validation error: 'Additional properties not allowed: other'."],
  ])("PUT %j is 400 invalid_body", async (body, message) => {
    const res = await call(ctx.emulator, "PUT", `${FACTORS}/otp`, { token: ctx.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.mfa.factors.get("otp")?.enabled).toBe(false);
  });

  it("needs read:guardian_factors to list and update:guardian_factors to switch", async () => {
    const none = await ctx.emulator.issueToken("demo", { scopes: ["read:mfa_policies"] });
    expect((await call(ctx.emulator, "GET", FACTORS, { token: none })).body.message).toBe("Insufficient scope, expected any of: read:guardian_factors");
    const readOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:guardian_factors"] });
    expect((await call(ctx.emulator, "GET", FACTORS, { token: readOnly })).status).toBe(200);
    const put = await call(ctx.emulator, "PUT", `${FACTORS}/sms`, { token: readOnly, body: { enabled: true } });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe("Insufficient scope, expected any of: update:guardian_factors");
  });
});

describe("MFA policy", () => {
  const ctx = useEmulator();

  it("is [] on a fresh tenant; PUT of one policy answers the array, [] clears", async () => {
    expect((await call(ctx.emulator, "GET", POLICIES, { token: ctx.token })).body).toEqual([]);
    for (const policy of ["all-applications", "confidence-score"]) {
      const put = await call(ctx.emulator, "PUT", POLICIES, { token: ctx.token, body: [policy] });
      expect(put.status).toBe(200);
      expect(put.body).toEqual([policy]);
      expect((await call(ctx.emulator, "GET", POLICIES, { token: ctx.token })).body).toEqual([policy]);
    }
    const cleared = await call(ctx.emulator, "PUT", POLICIES, { token: ctx.token, body: [] });
    expect(cleared.body).toEqual([]);
    expect(ctx.emulator.state.mfa.policies).toEqual([]);
  });

  it.each([
    [["all-applications", "confidence-score"], "Payload validation error: 'Array is too long (2), maximum 1'."],
    [["sometimes"], `Payload validation error: 'No enum match for: "sometimes"' on property [0] (The MFA policy).`],
    [{ policy: "all-applications" }, "Payload validation error: 'Expected type array but found type object'."],
  ])("PUT %j is 400 and changes nothing", async (body, message) => {
    ctx.emulator.seedMfa({ policies: ["all-applications"] });
    const res = await call(ctx.emulator, "PUT", POLICIES, { token: ctx.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.mfa.policies).toEqual(["all-applications"]);
  });

  it("needs read:mfa_policies and update:mfa_policies", async () => {
    const factorsOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:guardian_factors", "update:guardian_factors"] });
    expect((await call(ctx.emulator, "GET", POLICIES, { token: factorsOnly })).body.message).toBe("Insufficient scope, expected any of: read:mfa_policies");
    const put = await call(ctx.emulator, "PUT", POLICIES, { token: factorsOnly, body: [] });
    expect(put.body.message).toBe("Insufficient scope, expected any of: update:mfa_policies");
  });
});

describe("phone message types", () => {
  const ctx = useEmulator();

  it("are [sms] on a fresh tenant; PUT answers the same body, [] included", async () => {
    expect((await call(ctx.emulator, "GET", MESSAGE_TYPES, { token: ctx.token })).body).toEqual({ message_types: ["sms"] });
    for (const types of [["voice", "sms"], ["voice"], []]) {
      const put = await call(ctx.emulator, "PUT", MESSAGE_TYPES, { token: ctx.token, body: { message_types: types } });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ message_types: types });
      expect((await call(ctx.emulator, "GET", MESSAGE_TYPES, { token: ctx.token })).body).toEqual({ message_types: types });
    }
  });

  it.each([
    [{ message_types: ["sms", "sms"] }, "Payload validation error: 'Array items are not unique (indexes 0 and 1)' on property message_types (The list of phone factors to enable on the tenant)."],
    [{ message_types: ["text"] }, `Payload validation error: 'No enum match for: "text"' on property message_types[0] (The message type).`],
    [{}, "Payload validation error: 'Missing required property: message_types'."],
  ])("PUT %j is 400 and changes nothing", async (body, message) => {
    const res = await call(ctx.emulator, "PUT", MESSAGE_TYPES, { token: ctx.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errorCode: "invalid_body" });
    expect(ctx.emulator.state.mfa.messageTypes).toEqual(["sms"]);
  });

  it("needs read:guardian_factors and update:guardian_factors", async () => {
    const policiesOnly = await ctx.emulator.issueToken("demo", { scopes: ["read:mfa_policies"] });
    expect((await call(ctx.emulator, "GET", MESSAGE_TYPES, { token: policiesOnly })).status).toBe(403);
    expect((await call(ctx.emulator, "PUT", MESSAGE_TYPES, { token: policiesOnly, body: { message_types: [] } })).status).toBe(403);
  });
});

describe("MFA routes like every route: rate limit, faults, log; seeding controls", () => {
  const ctx = useEmulator();

  it("spend the bucket, are 429 when it is empty, take injected faults and are logged", async () => {
    ctx.emulator.setRateLimit({ size: 2 });
    try {
      expect((await call(ctx.emulator, "GET", FACTORS, { token: ctx.token })).status).toBe(200);
      expect((await call(ctx.emulator, "GET", POLICIES, { token: ctx.token })).status).toBe(200);
      const limited = await call(ctx.emulator, "GET", MESSAGE_TYPES, { token: ctx.token });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    } finally {
      ctx.emulator.setRateLimit(undefined);
    }
    ctx.emulator.injectFault({ method: "PUT", path: `${FACTORS}/sms`, count: 1, kind: "503", afterHandling: true });
    expect((await call(ctx.emulator, "PUT", `${FACTORS}/sms`, { token: ctx.token, body: { enabled: true } })).status).toBe(503);
    expect(ctx.emulator.state.mfa.factors.get("sms")?.enabled).toBe(true);
    const logged = ctx.emulator.requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
    expect(logged).toEqual([
      `GET ${FACTORS} 200`,
      `GET ${POLICIES} 200`,
      `GET ${MESSAGE_TYPES} 429`,
      `PUT ${FACTORS}/sms 503`,
    ]);
  });

  it("PUT /__emulator/mfa seeds factors, trial flags, policy and message types; GET reads them; reset puts the fresh tenant back", async () => {
    const seeded = await call(ctx.emulator, "PUT", "/__emulator/mfa", {
      body: { factors: { sms: true, duo: { enabled: false, trialExpired: true } }, policies: ["confidence-score"], messageTypes: [] },
    });
    expect(seeded.status).toBe(200);
    const list = (await call(ctx.emulator, "GET", FACTORS, { token: ctx.token })).body;
    expect(list[0]).toEqual({ name: "sms", enabled: true, trial_expired: false });
    expect(list[4]).toEqual({ name: "duo", enabled: false, trial_expired: true });
    expect((await call(ctx.emulator, "GET", "/__emulator/mfa")).body).toMatchObject({ policies: ["confidence-score"], messageTypes: [] });
    expect((await call(ctx.emulator, "GET", "/__emulator/state")).body.mfa.policies).toEqual(["confidence-score"]);
    for (const body of [{ factors: { phone: true } }, { factors: { sms: "on" } }, { policies: ["a", "b"] }, { messageTypes: ["text"] }, { extra: 1 }, []]) {
      expect((await call(ctx.emulator, "PUT", "/__emulator/mfa", { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(() => ctx.emulator.seedMfa({ policies: ["sometimes" as never] })).toThrow(/policies must be/);
    ctx.emulator.reset();
    expect(ctx.emulator.state.mfa.snapshot()).toEqual({
      factors: MFA_FACTORS.map((name) => ({ name, enabled: false, trial_expired: false })),
      policies: [],
      messageTypes: ["sms"],
    });
  });
});
