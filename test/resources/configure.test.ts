// Host-side settings: `configure` records and never throws; problems surface at the first CRUD call as
// the ConfigError; the environment fills in; a later Configure with other values takes effect.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConfigureRequest } from "@pulumi/pulumi/dynamic";
import { ConfigError } from "../../provider/client";
import type { Emulator } from "../../tools/emulator";
import * as pushHandler from "../../provider/resources/pushProviderSelection/handler";
import * as phoneHandler from "../../provider/resources/phoneProvider/handler";
import * as ticketHandler from "../../provider/resources/enrollmentTicket/handler";
import { CLIENT_ID, CLIENT_SECRET, blankTenantEnv, configureRequest, leakedSentinels, rejectionOf, startTenant, tenantConfig } from "./harness";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTenant();
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  blankTenantEnv();
  emulator.reset();
  return () => vi.unstubAllEnvs();
});

const throwingConfig: ConfigureRequest = {
  config: {
    get: () => {
      throw new TypeError("Cannot read properties of undefined");
    },
    require: () => {
      throw new TypeError("Cannot read properties of undefined");
    },
  },
};

describe("configure", () => {
  it("never throws, whatever the host hands it", async () => {
    const odd = [undefined, {}, { config: undefined }, throwingConfig, configureRequest({})] as unknown as ConfigureRequest[];
    for (const req of odd) {
      await expect(pushHandler.configure(req)).resolves.toBeUndefined();
      await expect(phoneHandler.configure(req)).resolves.toBeUndefined();
      await expect(ticketHandler.configure(req)).resolves.toBeUndefined();
    }
  });

  it("leaves check working without settings, and fails CRUD with the ConfigError", async () => {
    await pushHandler.configure(throwingConfig);
    await expect(pushHandler.check({}, { provider: "sns" })).resolves.toEqual({ inputs: { provider: "sns" }, failures: [] });
    const error = await rejectionOf(pushHandler.create({ provider: "sns" }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/Missing tenant domain/);
    // Same answer from every resource: the settings are shared by the host's handlers.
    expect(await rejectionOf(phoneHandler.read("pro_x", {}))).toBeInstanceOf(ConfigError);
    expect(emulator.requests).toHaveLength(0);
  });

  it("reports incomplete credentials without echoing the secret", async () => {
    await pushHandler.configure(configureRequest({ "tenant:domain": emulator.url, "tenant:clientSecret": CLIENT_SECRET }));
    const error = await rejectionOf(pushHandler.create({ provider: "sns" }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/Missing tenant client id/);
    expect(leakedSentinels(error.message)).toEqual([]);
  });

  it("takes a later Configure with different values into account", async () => {
    await pushHandler.configure(configureRequest({}));
    expect(await rejectionOf(pushHandler.create({ provider: "sns" }))).toBeInstanceOf(ConfigError);
    await ticketHandler.configure(configureRequest(tenantConfig(emulator)));
    const created = await pushHandler.create({ provider: "sns" });
    expect(created.outs).toMatchObject({ provider: "sns" });
  });

  it("falls back to the TENANT_* environment variables", async () => {
    await pushHandler.configure(configureRequest({}));
    vi.stubEnv("TENANT_DOMAIN", emulator.url);
    vi.stubEnv("TENANT_CLIENT_ID", CLIENT_ID);
    vi.stubEnv("TENANT_CLIENT_SECRET", CLIENT_SECRET);
    const created = await pushHandler.create({ provider: "direct" });
    expect(created.outs).toMatchObject({ provider: "direct" });
    expect(emulator.state.pushProvider).toBe("direct");
  });
});
