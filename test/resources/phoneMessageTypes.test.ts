// PhoneMessageTypes handlers against the emulator over real HTTP: a set (order never a diff, duplicates refused),
// one GET per read, restore on delete (an empty list included), get, another tenant refused, no deprecated endpoint.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/phoneMessageTypes/handler";
import { UNKNOWN, apiRequests, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const PATH = "/api/v2/guardian/factors/phone/message-types";

async function createTypes(messageTypes: unknown) {
  const checked = await handler.check({}, { messageTypes });
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

describe("PhoneMessageTypes lifecycle", () => {
  it("create reads once then PUTs; read is one GET; delete restores the previous types; only the message-types path is called", async () => {
    const created = await createTypes(["voice", "sms"]);
    expect(created.id).toBe(tenantHostOf(tenant()));
    expect(created.outs).toEqual({ messageTypes: ["voice", "sms"], previousMessageTypes: ["sms"], schemaVersion: 1 });
    expect(tenant().state.mfa.messageTypes).toEqual(["voice", "sms"]);

    const updated = await handler.update(created.id, created.outs, { messageTypes: ["voice"] });
    expect(updated.outs).toEqual({ messageTypes: ["voice"], previousMessageTypes: ["sms"], schemaVersion: 1 });

    const before = apiRequests(tenant());
    const read = await handler.read(created.id, updated.outs);
    expect(read).toEqual({ id: created.id, props: updated.outs, inputs: { messageTypes: ["voice"] } });
    expect(apiRequests(tenant()) - before).toBe(1);

    await handler.delete(created.id, updated.outs);
    expect(tenant().state.mfa.messageTypes).toEqual(["sms"]);
    const paths = new Set(tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => entry.path));
    expect([...paths]).toEqual([PATH]);
  });

  it("an empty list before create is put back on delete", async () => {
    tenant().seedMfa({ messageTypes: [] });
    const created = await createTypes(["sms"]);
    expect(created.outs?.previousMessageTypes).toEqual([]);
    await handler.delete(created.id, created.outs);
    expect(tenant().state.mfa.messageTypes).toEqual([]);
  });

  it("order never makes a diff; a different set does, as do unknowns", async () => {
    const outs = { messageTypes: ["sms", "voice"], previousMessageTypes: [], schemaVersion: 1 };
    await expect(handler.diff("t", outs, { messageTypes: ["voice", "sms"] })).resolves.toMatchObject({ changes: false });
    await expect(handler.diff("t", outs, { messageTypes: ["voice"] })).resolves.toMatchObject({ changes: true, diffs: ["messageTypes"] });
    await expect(handler.diff("t", outs, { messageTypes: UNKNOWN })).resolves.toMatchObject({ changes: true });
    await expect(handler.diff("t", outs, { messageTypes: ["sms", UNKNOWN] })).resolves.toMatchObject({ changes: true });
  });

  it("a change by hand is drift", async () => {
    const created = await createTypes(["sms", "voice"]);
    tenant().state.mfa.messageTypes = ["sms"];
    const read = await handler.read(created.id, created.outs);
    expect(read.inputs).toEqual({ messageTypes: ["sms"] });
    await expect(handler.diff(created.id, read.props, { messageTypes: ["voice", "sms"] })).resolves.toMatchObject({ changes: true });
  });
});

describe("PhoneMessageTypes check", () => {
  it.each([
    [["sms", "sms"], [{ property: "messageTypes", reason: "must not list a message type twice" }]],
    [[], [{ property: "messageTypes", reason: "must have at least 1 item(s)" }]],
    [["text"], [{ property: "", reason: 'messageTypes[0] must be one of "sms", "voice" (got "text")' }]],
    ["sms", [{ property: "messageTypes", reason: "must be an array" }]],
  ])("%j fails before any call", async (messageTypes, failures) => {
    expect((await handler.check({}, { messageTypes })).failures).toEqual(failures);
    expect(apiRequests(tenant())).toBe(0);
  });

  it("accepts unknowns in preview", async () => {
    expect((await handler.check({}, { messageTypes: UNKNOWN })).failures).toEqual([]);
    expect((await handler.check({}, { messageTypes: [UNKNOWN] })).failures).toEqual([]);
  });
});

describe("PhoneMessageTypes get and other tenants", () => {
  it("reads by the tenant's domain with nothing to restore; delete then leaves them", async () => {
    const read = await handler.read(tenantHostOf(tenant()), {});
    expect(read).toEqual({ id: tenantHostOf(tenant()), props: { messageTypes: ["sms"], previousMessageTypes: null, schemaVersion: 1 }, inputs: { messageTypes: ["sms"] } });
    tenant().state.mfa.messageTypes = ["voice"];
    await handler.delete(tenantHostOf(tenant()), read.props);
    expect(tenant().state.mfa.messageTypes).toEqual(["voice"]);
  });

  it("get of another id fails naming the tenant's domain; state of another tenant is refused; no call made", async () => {
    const error = await rejectionOf(handler.read("other-tenant.example.com", {}));
    expect(error.message).toMatch(/^PhoneMessageTypes\.get\("other-tenant\.example\.com"\): the configured tenant has no message types with this id/);
    const outs = { messageTypes: ["sms"], previousMessageTypes: [], schemaVersion: 1 };
    for (const call of [handler.read("x.example.com", outs), handler.update("x.example.com", outs, { messageTypes: ["sms"] }), handler.delete("x.example.com", outs)]) {
      expect((await rejectionOf(call)).message).toMatch(/belongs to another tenant/);
    }
    expect(apiRequests(tenant())).toBe(0);
  });
});
