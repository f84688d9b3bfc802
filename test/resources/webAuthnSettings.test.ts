// WebAuthnSettings against the emulator over real HTTP: one per factor (id the factor's name, the tenant recorded),
// a PUT of only the options given read back with a GET (the PUT's answer holds only what was sent), destroy putting
// back what create found, a relying party identifier that cannot be cleared warned, and the checks before any call.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/webAuthnSettings/handler";
import { UNKNOWN, apiRequests, createChecked, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const ROAMING = "/api/v2/guardian/factors/webauthn-roaming/settings";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const FRESH_ROAMING = { userVerification: "discouraged", overrideRelyingParty: false, relyingPartyIdentifier: null };

afterEach(() => void vi.restoreAllMocks());

const created = (inputs: Record<string, unknown>) => createChecked(handler, inputs);

describe("WebAuthnSettings lifecycle", () => {
  it("security keys with user verification required: GET, PUT of that option alone, GET; destroy puts it back", async () => {
    const made = await created({ factor: "webauthn-roaming", userVerification: "required" });
    expect(apiCalls()).toEqual([`GET ${ROAMING}`, `PUT ${ROAMING}`, `GET ${ROAMING}`]);
    expect(made).toEqual({
      id: "webauthn-roaming",
      outs: {
        factor: "webauthn-roaming",
        userVerification: "required",
        overrideRelyingParty: false,
        relyingPartyIdentifier: null,
        // Only the option the program manages is recorded; a refresh reports only it (and the factor) as inputs.
        previousSettings: { userVerification: FRESH_ROAMING.userVerification },
        tenantDomain: tenantHostOf(tenant()),
        schemaVersion: 1,
      },
    });
    const refreshed = await handler.read(made.id, made.outs);
    expect(refreshed.inputs).toEqual({ factor: "webauthn-roaming", userVerification: "required" });
    await handler.delete(made.id, made.outs);
    expect(tenant().state.factorSettings.webauthn["webauthn-roaming"]).toEqual({ userVerification: "discouraged", overrideRelyingParty: false });
  });

  it("declaring what the factor has writes nothing; a change by hand is drift", async () => {
    const made = await created({ factor: "webauthn-platform", overrideRelyingParty: false });
    expect(apiCalls()).toEqual(["GET /api/v2/guardian/factors/webauthn-platform/settings"]);
    expect(made.outs).toMatchObject({ userVerification: null, overrideRelyingParty: false });
    tenant().state.factorSettings.webauthn["webauthn-roaming"].userVerification = "preferred";
    const roaming = await created({ factor: "webauthn-roaming", userVerification: "preferred" });
    tenant().state.factorSettings.webauthn["webauthn-roaming"].userVerification = "required";
    const refreshed = await handler.read(roaming.id, roaming.outs);
    await expect(handler.diff(roaming.id, refreshed.props, { factor: "webauthn-roaming", userVerification: "preferred" })).resolves.toMatchObject({
      changes: true,
      diffs: ["userVerification"],
    });
    await expect(handler.diff(roaming.id, refreshed.props, { factor: "webauthn-platform" })).resolves.toMatchObject({ replaces: ["factor"] });
  });

  it("an identifier the factor did not have stays on destroy, said so; the override is put back", async () => {
    const made = await created({ factor: "webauthn-roaming", overrideRelyingParty: true, relyingPartyIdentifier: "example.com" });
    const notices: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => notices.push(String(chunk)) > 0);
    await handler.delete(made.id, made.outs);
    expect(tenant().state.factorSettings.webauthn["webauthn-roaming"]).toEqual({ userVerification: "discouraged", overrideRelyingParty: false, relyingPartyIdentifier: "example.com" });
    expect(notices.join("")).toContain('WebAuthnSettings with id "webauthn-roaming" was removed from the stack; its relyingPartyIdentifier stays as the stack set it');
  });

  it("get by the factor's name; an unknown name fails listing the known ones, with no call", async () => {
    const read = await handler.read("webauthn-platform", {});
    expect(read.props).toMatchObject({ factor: "webauthn-platform", overrideRelyingParty: false, previousSettings: null });
    const error = await rejectionOf(handler.read("duo", {}));
    expect(error.message).toBe('WebAuthnSettings.get("duo"): no such factor; the known ones are "webauthn-roaming", "webauthn-platform".');
    expect(apiRequests(tenant())).toBe(1);
  });
});

describe("WebAuthnSettings check", () => {
  it.each([
    [{ factor: "webauthn-platform", userVerification: "required" }, [{ property: "userVerification", reason: 'is for "webauthn-roaming" (security keys) only; leave it out for "webauthn-platform"' }]],
    [{ factor: "webauthn-roaming", userVerification: "always" }, [{ property: "userVerification", reason: 'must be one of "discouraged", "preferred", "required"' }]],
    [{ factor: "webauthn-roaming", relyingPartyIdentifier: "example.com" }, [{ property: "overrideRelyingParty", reason: "must be true when relyingPartyIdentifier is set (they are given together)" }]],
    [{ factor: "webauthn-roaming", overrideRelyingParty: false, relyingPartyIdentifier: "example.com" }, [{ property: "overrideRelyingParty", reason: "must be true when relyingPartyIdentifier is set (they are given together)" }]],
    [{ factor: "webauthn-roaming", overrideRelyingParty: true }, [{ property: "relyingPartyIdentifier", reason: "is required when overrideRelyingParty is true (they are given together)" }]],
    [{ factor: "webauthn-roaming", overrideRelyingParty: true, relyingPartyIdentifier: "https://example.com" }, [{ property: "relyingPartyIdentifier", reason: expect.stringMatching(/^must be a host name/) }]],
    [{ factor: "duo" }, [{ property: "factor", reason: 'must be one of "webauthn-roaming", "webauthn-platform"' }]],
  ])("%j is refused before any call", async (inputs, failures) => {
    expect((await handler.check({}, inputs)).failures).toEqual(failures);
    expect(apiRequests(tenant())).toBe(0);
  });

  it("an unknown in preview is not refused", async () => {
    expect((await handler.check({}, { factor: "webauthn-roaming", overrideRelyingParty: UNKNOWN, relyingPartyIdentifier: "example.com" })).failures).toEqual([]);
  });
});
