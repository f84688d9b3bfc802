// getPhoneTemplates over real HTTP against the emulator: the listing as the service returns it (defaults without an
// id and with `from: ""`, a customized type's template with its id, first), in one GET; the Output form waits for
// what it depends on; a missing scope reaches the program as the service's 403.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getEventStreams } from "../../provider/functions/getEventStreams";
import { getPhoneTemplates, getPhoneTemplatesOutput } from "../../provider/functions/getPhoneTemplates";
import { DEFAULT_CLIENT, PHONE_TEMPLATE_DEFAULT_BODIES, startEmulator, type Emulator } from "../../tools/emulator";
import { settle } from "./settle";
import { useTenantEnv } from "./tenantEnv";

const TEMPLATES = "/api/v2/branding/phone/templates";
const NO_TEMPLATES = { id: "no-templates-scope", secret: "sentinel-scope-secret-9f3k", scopes: ["read:event_streams"] };
const BOTH_LISTINGS = { id: "both-listings", secret: "sentinel-both-secret-4m2q", scopes: ["read:event_streams", "read:phone_templates"] };
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ clients: [DEFAULT_CLIENT, NO_TEMPLATES, BOTH_LISTINGS] });
  useTenantEnv(emulator.url, DEFAULT_CLIENT.id, DEFAULT_CLIENT.secret);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator.close();
});

beforeEach(() => emulator.reset());

const defaultOf = (type: "blocked_account" | "change_password" | "otp_enroll" | "otp_verify") => ({
  type,
  disabled: false,
  content: { from: "", body: PHONE_TEMPLATE_DEFAULT_BODIES[type] },
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
});

describe("getPhoneTemplates", () => {
  it("on a fresh tenant: the defaults without id, from \"\", in one GET", async () => {
    const { templates } = await getPhoneTemplates();
    expect(templates).toEqual([defaultOf("blocked_account"), defaultOf("change_password"), defaultOf("otp_enroll"), defaultOf("otp_verify")]);
    expect(templates.some((template) => "id" in template)).toBe(false);
    expect(emulator.count(undefined, "/api/v2")).toBe(1);
    expect(emulator.count("GET", TEMPLATES)).toBe(1);
  });

  it("a customized type's template with its id first, in place of its default", async () => {
    const now = emulator.state.timestamp();
    emulator.state.phoneTemplates.custom.set("tem_listedCustom000000000001", {
      id: "tem_listedCustom000000000001",
      tenant: emulator.state.tenant,
      channel: "phone",
      type: "otp_verify",
      disabled: true,
      created_at: now,
      updated_at: now,
      content: { syntax: "liquid", body: { text: "{{ code | escape }} is yours" } },
    });
    const { templates } = await getPhoneTemplates();
    expect(templates[0]).toEqual({
      id: "tem_listedCustom000000000001",
      type: "otp_verify",
      disabled: true,
      content: { body: { text: "{{ code | escape }} is yours" } },
      createdAt: now,
      updatedAt: now,
    });
    expect(templates.map((template) => template.type)).toEqual(["otp_verify", "blocked_account", "change_password", "otp_enroll"]);
  });

  it("the Output form waits for its dependencies and gives the same listing", async () => {
    let release: (id: string) => void = () => undefined;
    const dependency = new Promise<string>((resolve) => (release = resolve));
    const output = getPhoneTemplatesOutput({ dependsOn: pulumi.output(dependency).apply(() => []) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emulator.count("GET", TEMPLATES)).toBe(0);
    release("ready");
    const settled = await settle(output);
    expect(settled.value?.templates).toHaveLength(4);
    expect(emulator.count("GET", TEMPLATES)).toBe(1);
  });

  it("shares the program's one client with getEventStreams: one token for both", async () => {
    useTenantEnv(emulator.url, BOTH_LISTINGS.id, BOTH_LISTINGS.secret); // settings no earlier test used: no cached token
    try {
      const tokens = emulator.tokenRequests();
      await getEventStreams();
      await getPhoneTemplates();
      expect(emulator.tokenRequests() - tokens).toBe(1);
    } finally {
      useTenantEnv(emulator.url, DEFAULT_CLIENT.id, DEFAULT_CLIENT.secret);
    }
  });

  it("a client without read:phone_templates: the service's 403 naming the scope, one call", async () => {
    useTenantEnv(emulator.url, NO_TEMPLATES.id, NO_TEMPLATES.secret);
    try {
      await expect(getPhoneTemplates()).rejects.toThrow(/list phone templates failed: 403.*read:phone_templates/);
      expect(emulator.count("GET", TEMPLATES)).toBe(1);
    } finally {
      useTenantEnv(emulator.url, DEFAULT_CLIENT.id, DEFAULT_CLIENT.secret);
    }
  });
});
