// The serialized providers (`__provider` in state), built from dist/ and serialized exactly as
// dynamic.Resource does it: tiny, secret-free, frozen to one-line delegations by package name, and
// identical to what the resource classes actually register.
import { beforeAll, describe, expect, it } from "vitest";
import type * as Resources from "../../provider/index";
import type * as ProviderModule from "../../provider/provider";
import {
  REPO_ROOT,
  SHIM_NAMES,
  assertDistIsFresh,
  moduleOfShim,
  pulumiFromRepo,
  requireFromRepo,
  serializedProvider,
  type ShimName,
} from "./dist";
import { AUTH_TOKEN, CLIENT_SECRET, configureRequest, leakedSentinels } from "./harness";
import { providerText } from "../../provider/resources/common/providerText";
import type { ResourceDefinition } from "../../provider/resources/common/definition";
import { RESOURCES } from "../../provider/resources/registry";


const METHODS: [method: string, params: string][] = [
  ["configure", "req"],
  ["check", "olds, news"],
  ["diff", "id, olds, news"],
  ["create", "inputs"],
  ["read", "id, props"],
  ["update", "id, olds, news"],
  ["delete", "id, props"],
];

/** The only code a shim may contain: one delegation per method. */
function expectedBodies(shim: ShimName): string[] {
  const module = `pulumi-tenant/dist/resources/${moduleOfShim(shim)}/handler`;
  return METHODS.map(([method, params]) => `function (${params}) { return require("${module}").${method}(${params}); }`);
}

beforeAll(() => assertDistIsFresh());

/** Evaluates a provider text as the host does; named as a file of this repository, it finds the package by its own name. */
const requireFromString = (code: string): { handler(): unknown } => {
  const load = requireFromRepo(requireFromRepo.resolve("require-from-string", { paths: [requireFromRepo.resolve("@pulumi/pulumi")] })) as (
    text: string,
    filename: string,
  ) => { handler(): unknown };
  return load(code, `${REPO_ROOT}/provider-text.js`);
};

describe.each(RESOURCES.map((definition) => definition.module))("%s's provider text", (module) => {
  it("is one short, frozen line that requires the handler by package name, and nothing else", () => {
    const text = providerText(module);
    // Frozen: states hold this exact text, so it may never change (the path it requires may never move).
    expect(text).toBe(`exports.handler = function () { return require("pulumi-tenant/dist/resources/${module}/handler"); };`);
    expect(text.length).toBeLessThanOrEqual(120);
  });

  it("evaluates, as the host does, to the built handler module itself", () => {
    const provider = requireFromString(providerText(module)).handler();
    expect(provider).toBe(requireFromRepo(`pulumi-tenant/dist/resources/${module}/handler`));
  });
});

// The texts earlier versions stored (fixtures/provider-texts/ holds them as recorded) came from these shims.
describe.each(SHIM_NAMES)("%s serialized, as earlier versions stored it", (shim) => {
  it("is under 4 KB, holds no secrets, and only delegates to its handler by package name", async () => {
    const { text, containsSecrets } = await serializedProvider(shim);
    expect(text.length).toBeLessThan(4096);
    expect(containsSecrets).toBe(false);
    const requires = text.match(/require\([^)]*\)/g) ?? [];
    expect(new Set(requires)).toEqual(new Set([`require("pulumi-tenant/dist/resources/${moduleOfShim(shim)}/handler")`]));
    expect(requires).toHaveLength(METHODS.length);
    // Frozen: exactly these function texts, nothing captured besides the object itself.
    for (const body of expectedBodies(shim)) expect(text).toContain(`return ${body};`);
    expect(text.match(/return function/g)).toHaveLength(METHODS.length);
    expect(text).toMatch(/var __provider = \{configure: __f\d+, check: __f\d+, diff: __f\d+, create: __f\d+, read: __f\d+, update: __f\d+, delete: __f\d+\};/);
  });

  it("stays the same text after the handler has been configured with secrets", async () => {
    const before = await serializedProvider(shim);
    const handler = requireFromRepo(`pulumi-tenant/dist/resources/${moduleOfShim(shim)}/handler`) as {
      configure(req: unknown): Promise<void>;
    };
    await handler.configure(configureRequest({ "tenant:domain": "t.example.com", "tenant:clientId": "id", "tenant:clientSecret": CLIENT_SECRET }));
    const after = await serializedProvider(shim);
    expect(after.text).toBe(before.text);
    expect(leakedSentinels(after.text)).toEqual([]);
  });

  it("round-trips: the text loads and its methods reach the built handler", async () => {
    const { text } = await serializedProvider(shim);
    const requireFromString = requireFromRepo(requireFromRepo.resolve("require-from-string", { paths: [requireFromRepo.resolve("@pulumi/pulumi")] })) as (
      code: string,
    ) => { handler(): Record<string, (...args: unknown[]) => Promise<unknown>> };
    const provider = requireFromString(text).handler();
    expect(Object.keys(provider)).toEqual(METHODS.map(([method]) => method));
    const result = (await provider.check({}, {})) as { failures: unknown[] };
    expect(result.failures.length).toBeGreaterThan(0);
  });
});

interface Registration {
  type: string;
  name: string;
  /** Properties as sent to the engine: secrets are envelopes. */
  object: Record<string, unknown>;
  additionalSecretOutputs: string[];
  provider: string;
  /** The id of a `get` (ReadResource); "" for registrations. */
  readId: string;
}

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";
const isSecretEnvelope = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as Record<string, unknown>)[SECRET_SIG] === SECRET_VALUE;

describe("resource classes register what the engine needs", () => {
  const registrations: Registration[] = [];
  let resources: typeof Resources;
  let providerModule: typeof ProviderModule;

  beforeAll(async () => {
    const pulumi = pulumiFromRepo();
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => ({ id: args.id || `${args.name}-id`, state: args.inputs }),
        call: () => ({}),
      },
      "tenant-basic",
      "test",
      false,
    );
    // Wrap the mock monitor to see the raw requests: secret envelopes and additionalSecretOutputs as sent.
    const settings = requireFromRepo("@pulumi/pulumi/runtime/settings") as { getMonitor(): unknown };
    const monitor = settings.getMonitor() as MonitorMethods;
    const registerResource = monitor.registerResource.bind(monitor);
    monitor.registerResource = (req, callback) => {
      registrations.push({
        type: req.getType(),
        name: req.getName(),
        object: req.getObject()?.toJavaScript() ?? {},
        additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
        provider: req.getProvider(),
        readId: "",
      });
      return registerResource(req, callback);
    };
    const readResource = monitor.readResource.bind(monitor);
    monitor.readResource = (req, callback) => {
      registrations.push({
        type: req.getType(),
        name: req.getName(),
        object: req.getProperties()?.toJavaScript() ?? {},
        additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
        provider: req.getProvider(),
        readId: req.getId(),
      });
      return readResource(req, callback);
    };
    resources = requireFromRepo("pulumi-tenant") as typeof Resources;
    providerModule = requireFromRepo("pulumi-tenant/dist/provider") as typeof ProviderModule;
  });

  async function registered(name: string): Promise<Registration> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const found = registrations.find((registration) => registration.name === name);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`resource ${name} was never registered`);
  }

  it("PhoneProvider: type token, its provider text, credentials secret in inputs and outputs", async () => {
    const pulumi = pulumiFromRepo();
    const sms = new resources.PhoneProvider("sms", {
      name: "vendor_a",
      credentials: { authToken: AUTH_TOKEN },
      configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+1" },
    });
    const registration = await registered("sms");
    expect(registration.type).toBe("pulumi-nodejs:dynamic/tenant:PhoneProvider");
    expect(registration.object.__provider).toBe(providerText("phoneProvider"));
    // A plain string in the program is still a secret on the wire.
    expect(isSecretEnvelope(registration.object.credentials)).toBe(true);
    expect(registration.additionalSecretOutputs).toContain("credentials");
    expect(leakedSentinels(JSON.stringify({ ...registration.object, credentials: "[secret]" }))).toEqual([]);
    // Output-only keys are seeded (as undefined) so they become output properties of the resource.
    for (const output of [sms.tenant, sms.channel, sms.createdAt, sms.updatedAt, sms.disabled, sms.configuration, sms.credentials]) {
      expect(pulumi.Output.isInstance(output)).toBe(true);
    }
  });

  it("a class whose destroy may warn registers the name the program gave it (__programName); the others, and a .get, do not", async () => {
    new resources.SnsPushProvider("named-sns", { awsAccessKeyId: "AKIAEXAMPLE", awsSecretAccessKey: AUTH_TOKEN, awsRegion: "us-east-1" });
    new resources.MfaFactor("unnamed-factor", { factor: "sms" });
    resources.SnsPushProvider.get("got-sns", "t.example.com");
    expect((await registered("named-sns")).object.__programName).toBe("named-sns");
    expect((await registered("unnamed-factor")).object).not.toHaveProperty("__programName");
    expect((await registered("got-sns")).object).not.toHaveProperty("__programName");
    expect((RESOURCES as ResourceDefinition[]).filter((definition) => definition.warnsOnDestroy).map((definition) => definition.name)).toEqual([
      // Its confidence-score policy's side effect: risk assessment left as it is, without the scopes to put it back.
      "MfaPolicy",
      "SnsPushProvider",
      "ApnsPushProvider",
      "FcmPushProvider",
      "PhoneTemplate",
      // A setting of several fields may leave what the stack set (a replaced Duo key, a field the tenant had none of).
      "DuoSettings",
      "WebAuthnSettings",
      "PushCustomApp",
      "MfaSettings",
      "OtpSettings",
      "TenantMfaFlags",
    ]);
  });

  it("EnrollmentTicket: type token, its provider text, ticketUrl and ticketId in additionalSecretOutputs", async () => {
    const ticketResource = new resources.EnrollmentTicket("ticket", { userId: "email|a", factor: "otp" });
    expect(pulumiFromRepo().Output.isInstance(ticketResource.ticketUrl)).toBe(true);
    const registration = await registered("ticket");
    expect(registration.type).toBe("pulumi-nodejs:dynamic/tenant:EnrollmentTicket");
    expect(registration.object.__provider).toBe(providerText("enrollmentTicket"));
    expect(registration.additionalSecretOutputs).toEqual(["ticketUrl", "ticketId"]);
    expect(registration.object).toMatchObject({ userId: "email|a", factor: "otp" });
  });

  it("PushProviderSelection and get(): type token, provider text, the id passed for a read", async () => {
    const push = new resources.PushProviderSelection("push", { provider: "sns" });
    expect(pulumiFromRepo().Output.isInstance(push.previousProvider)).toBe(true);
    const created = await registered("push");
    expect(created.type).toBe("pulumi-nodejs:dynamic/tenant:PushProviderSelection");
    expect(created.object.__provider).toBe(providerText("pushProviderSelection"));

    const adopted = resources.PhoneProvider.get("existing", "pro_existing");
    const read = await registered("existing");
    expect(read.type).toBe("pulumi-nodejs:dynamic/tenant:PhoneProvider");
    expect(read.readId).toBe("pro_existing");
    expect(read.object.__provider).toBe(providerText("phoneProvider"));
    expect(read.object).not.toHaveProperty("credentials");
    expect(adopted).toBeInstanceOf(resources.PhoneProvider);
  });

  it("Provider: a pulumi-nodejs provider with tenant:* inputs, secrets wrapped, usable as { provider }", async () => {
    const pulumi = pulumiFromRepo();
    const provider = new resources.Provider("eu", {
      domain: "eu.example.com",
      clientId: "eu-client",
      clientSecret: CLIENT_SECRET,
      audience: pulumi.output("https://eu.example.com/api/v2/"),
    });
    const registration = await registered("eu");
    expect(registration.type).toBe("pulumi:providers:pulumi-nodejs");
    expect(registration.object["tenant:domain"]).toBe("eu.example.com");
    expect(registration.object["tenant:clientId"]).toBe("eu-client");
    expect(isSecretEnvelope(registration.object["tenant:clientSecret"])).toBe(true);
    expect(registration.object).not.toHaveProperty("tenant:apiToken");

    new resources.EnrollmentTicket("eu-ticket", { userId: "email|b" }, { provider });
    const ticket = await registered("eu-ticket");
    expect(ticket.provider).toMatch(/::eu::eu-id$/);

    const lookup = await providerModule.lookupForProvider(provider);
    expect(lookup?.("tenant:domain")).toBe("eu.example.com");
    expect(lookup?.("tenant:clientSecret")).toBe(CLIENT_SECRET);
    expect(lookup?.("tenant:audience")).toBe("https://eu.example.com/api/v2/");
    expect(lookup?.("tenant:apiToken")).toBeUndefined();
    await expect(providerModule.lookupForProvider(undefined)).resolves.toBeUndefined();
  });
});

type Struct = { toJavaScript(): Record<string, unknown> } | undefined;
interface MonitorMethods {
  registerResource(
    req: { getType(): string; getName(): string; getObject(): Struct; getAdditionalsecretoutputsList(): string[]; getProvider(): string },
    callback: unknown,
  ): unknown;
  readResource(
    req: { getType(): string; getName(): string; getProperties(): Struct; getAdditionalsecretoutputsList(): string[]; getProvider(): string; getId(): string },
    callback: unknown,
  ): unknown;
}

it("the repository resolves the package by its own name (through its exports), as its programs and tests do", () => {
  expect(requireFromRepo.resolve("pulumi-tenant/dist/resources/phoneProvider/handler")).toBe(
    `${REPO_ROOT}/dist/resources/phoneProvider/handler.js`,
  );
});
