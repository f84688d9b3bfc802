// PushProviderSelection handlers against the emulator over real HTTP: the lifecycle, preview unknowns,
// drift, adoption with get, and state written by older handler versions.
import { describe, expect, it } from "vitest";
import * as handler from "../../provider/resources/pushProviderSelection/handler";
import {
  UNKNOWN,
  apiRequests,
  rejectionOf,
  tenantHostOf,
  useConfiguredTenant,
} from "./harness";

const tenant = useConfiguredTenant(handler);

/** check then create, as the engine does on `up`. */
async function createSelection(provider: string) {
  const checked = await handler.check({}, { provider });
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

describe("PushProviderSelection lifecycle", () => {
  it("creates, diffs, updates, reads and deletes, restoring the previous selection", async () => {
    expect(tenant().state.pushProvider).toBe("guardian");

    const created = await createSelection("sns");
    expect(created.id).toBe(tenantHostOf(tenant()));
    expect(created.outs).toEqual({ provider: "sns", previousProvider: "guardian", schemaVersion: 1 });
    expect(tenant().state.pushProvider).toBe("sns");
    expect(tenant().count("GET", "/api/v2/guardian")).toBe(1);
    expect(tenant().count("PUT", "/api/v2/guardian")).toBe(1);

    await expect(handler.diff(created.id, created.outs, { provider: "sns" })).resolves.toMatchObject({ changes: false });
    const changed = await handler.diff(created.id, created.outs, { provider: "direct" });
    expect(changed).toMatchObject({ changes: true, replaces: [] });

    const updated = await handler.update(created.id, created.outs, { provider: "direct" });
    expect(updated.outs).toEqual({ provider: "direct", previousProvider: "guardian", schemaVersion: 1 });
    expect(tenant().state.pushProvider).toBe("direct");

    const read = await handler.read(created.id, updated.outs);
    expect(read).toEqual({ id: created.id, props: updated.outs, inputs: { provider: "direct" } });

    await handler.delete(created.id, updated.outs);
    expect(tenant().state.pushProvider).toBe("guardian");
  });

  it("ignores the host's __provider entry everywhere", async () => {
    const news = { provider: "sns", __provider: "exports.handler = …" };
    const checked = await handler.check({}, news);
    expect(checked).toEqual({ inputs: { provider: "sns" }, failures: [] });
    const created = await handler.create(news);
    expect(created.outs).not.toHaveProperty("__provider");
    const diff = await handler.diff(created.id, { ...created.outs, __provider: "old text" }, news);
    expect(diff.changes).toBe(false);
  });
});

describe("PushProviderSelection preview", () => {
  it("accepts an unknown provider in check and reports a change in diff, without any request", async () => {
    const checked = await handler.check({}, { provider: UNKNOWN });
    expect(checked.failures).toEqual([]);
    const diff = await handler.diff("t", { provider: "sns", previousProvider: "guardian", schemaVersion: 1 }, { provider: UNKNOWN });
    expect(diff.changes).toBe(true);
    expect(tenant().requests).toHaveLength(0);
  });
});

describe("PushProviderSelection drift", () => {
  it("reads an out-of-band change and diff reports it", async () => {
    const created = await createSelection("sns");
    tenant().state.pushProvider = "direct";

    const read = await handler.read(created.id, created.outs);
    expect(read.props).toEqual({ provider: "direct", previousProvider: "guardian", schemaVersion: 1 });
    expect(read.inputs).toEqual({ provider: "direct" });

    const diff = await handler.diff(created.id, read.props, { provider: "sns" });
    expect(diff).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("PushProviderSelection adoption with get", () => {
  it("reads the current selection by the tenant's domain, with nothing to restore", async () => {
    tenant().state.pushProvider = "sns";
    const read = await handler.read(tenantHostOf(tenant()), {});
    expect(read).toEqual({
      id: tenantHostOf(tenant()),
      props: { provider: "sns", previousProvider: null, schemaVersion: 1 },
      inputs: { provider: "sns" },
    });
  });

  it("get of an id that is not the configured tenant fails naming the id and the tenant's domain, without touching the API", async () => {
    const error = await rejectionOf(handler.read("other-tenant.example.com", { __provider: "serialized provider" }));
    expect(error.message).toBe(
      `PushProviderSelection.get("other-tenant.example.com"): the configured tenant has no selection with this id: ` +
        `its id is the tenant's domain, "${tenantHostOf(tenant())}". To read another tenant's selection, give the ` +
        "get an explicit tenant Provider for that tenant.",
    );
    expect(apiRequests(tenant())).toBe(0);
  });

  it("a refresh of a selection stored for another tenant is refused, without touching the API", async () => {
    const error = await rejectionOf(handler.read("other-tenant.example.com", { provider: "sns", previousProvider: null, schemaVersion: 1 }));
    expect(error.message).toMatch(/belongs to another tenant \("other-tenant\.example\.com"\) than the configured one/);
    expect(apiRequests(tenant())).toBe(0);
  });
});

describe("PushProviderSelection delete", () => {
  it("leaves the selection alone when nothing was recorded to restore", async () => {
    tenant().state.pushProvider = "direct";
    await handler.delete(tenantHostOf(tenant()), { provider: "direct", previousProvider: null, schemaVersion: 1 });
    expect(tenant().state.pushProvider).toBe("direct");
    expect(apiRequests(tenant())).toBe(0);
  });

  it("accepts outputs without schemaVersion (older handler versions)", async () => {
    tenant().state.pushProvider = "sns";
    const legacy = { provider: "sns", previousProvider: "direct" };
    const read = await handler.read(tenantHostOf(tenant()), legacy);
    expect(read.props).toEqual({ provider: "sns", previousProvider: "direct", schemaVersion: 1 });
    await handler.delete(tenantHostOf(tenant()), legacy);
    expect(tenant().state.pushProvider).toBe("direct");
  });
});
