// What an export declares and how index.ts and import.json say it, from listings made up here (the command's
// reading of a real tenant is in exportCommand.test.ts): the kinds' order and each kind's by UTF-16 code units,
// the dependsOn rules, the factors' filter and its flag, values no resource can declare, secrets left out at any
// depth, identifiers, and the same files whatever order the listings came in.
import { describe, expect, it } from "vitest";
import { planExport } from "../../provider/cli/exportPlan";
import { programFile } from "../../provider/cli/programFile";
import { exportReport } from "../../provider/cli/report";
import { importJson } from "../../provider/cli/projectFiles";
import type { ReadKind, ReadObject, TenantContents } from "../../provider/cli/tenantReader";
import type { ExportFacts } from "../../provider/resources/common/exported";
import type { ResourceDefinition } from "../../provider/resources/common/definition";
import { RESOURCES } from "../../provider/resources/registry";

const SECRET = "sentinel-export-plan-secret-3e9d";
const HOST = "my-tenant.example.com";

function kind(name: string, objects: Partial<ReadObject>[]): ReadKind {
  const definition = (RESOURCES as ResourceDefinition[]).find((candidate) => candidate.name === name)!;
  return {
    definition,
    facts: definition.exported as ExportFacts,
    objects: objects.map((object, index) => ({ id: `${name}-${index}`, props: {}, inputs: {}, failures: [], ...object })),
    undeclarable: [],
  };
}

const webhook = (name: string) => ({
  inputs: {
    name,
    subscriptions: [{ eventType: "user.created" }],
    status: "enabled",
    destination: {
      type: "webhook",
      configuration: { webhookEndpoint: `https://hooks.example.com/${encodeURIComponent(name)}`, webhookAuthorization: { method: "bearer", token: SECRET } },
    },
  },
});

function tenant(): TenantContents {
  return {
    kinds: [
      kind("EventStream", ["b", "B", "a-b", "é", "a b", "Z"].map(webhook)),
      kind("MfaPolicy", [{ id: HOST, inputs: { policy: "all-applications" } }]),
      kind("MfaFactor", [
        { id: "sms", inputs: { factor: "sms", enabled: true } },
        { id: "duo", inputs: { factor: "duo", enabled: false } },
        { id: "push-notification", inputs: { factor: "push-notification", enabled: true } },
        { id: "email", inputs: { factor: "email", enabled: false } },
      ]),
      kind("PushProviderSelection", [{ id: HOST, inputs: { provider: "sns" } }]),
      kind("SnsPushProvider", [{ id: HOST, inputs: { awsAccessKeyId: "AKIA", awsRegion: "us-east-1", awsSecretAccessKey: SECRET } }]),
      kind("ApnsPushProvider", []),
      kind("PhoneMessageTypes", [{ id: HOST, inputs: { messageTypes: ["sms", "voice"] } }]),
      kind("PhoneProvider", [{ id: "pro_1", inputs: { name: "vendor_a", credentials: { authToken: SECRET }, disabled: false } }]),
    ],
    notRead: [{ definition: RESOURCES.find((definition) => definition.name === "EnrollmentTicket")!, reason: "not settings" }],
  };
}

const edges = (contents: TenantContents, flags: string[] = []) =>
  Object.fromEntries(planExport(contents, new Set(flags)).declarations.map((declaration) => [declaration.identifier, declaration.dependsOn.map((other) => other.identifier)]));

describe("planExport", () => {
  it("orders the kinds by their place, and each kind's resources by Pulumi name in UTF-16 code units", () => {
    const plan = planExport(tenant(), new Set());
    expect(plan.declarations.map((declaration) => `${declaration.definition.name} ${declaration.name}`)).toEqual([
      "PhoneProvider phone-provider",
      "PhoneMessageTypes phone-message-types",
      "SnsPushProvider sns-push-provider",
      "PushProviderSelection push-provider-selection",
      "MfaFactor push-notification",
      "MfaFactor sms",
      "MfaPolicy mfa-policy",
      ...["B", "Z", "a b", "a-b", "b", "é"].map((name) => `EventStream ${name}`),
    ]);
  });

  it("gives each one an identifier by the rule, clashes numbered in declaration order", () => {
    const identifiers = planExport(tenant(), new Set()).declarations.map((declaration) => declaration.identifier);
    expect(identifiers.slice(-6)).toEqual(["bStream", "zStream", "aBStream", "aBStream2", "bStream2", "eStream"]);
    expect(new Set(identifiers).size).toBe(identifiers.length);
  });

  it("draws the dependsOn edges the facts declare, only to resources it declares", () => {
    expect(edges(tenant())).toMatchObject({
      phoneProvider: [],
      phoneMessageTypes: ["phoneProvider"],
      pushProviderSelection: ["snsPushProvider"],
      pushNotificationFactor: ["pushProviderSelection"],
      smsFactor: ["phoneMessageTypes"],
      mfaPolicy: ["pushNotificationFactor", "smsFactor"],
      aBStream: [],
    });
    const direct = tenant();
    direct.kinds = direct.kinds.map((listed) =>
      listed.definition.name === "PushProviderSelection" ? kind("PushProviderSelection", [{ id: HOST, inputs: { provider: "direct" } }]) : listed,
    );
    // "direct" depends on the APNs configuration, which this tenant does not hold.
    expect(edges(direct).pushProviderSelection).toEqual([]);
    expect(edges(tenant(), ["all-factors"]).mfaPolicy).toEqual(["duoFactor", "emailFactor", "pushNotificationFactor", "smsFactor"]);
  });

  it("leaves out the factors that are off unless --all-factors, and says so", () => {
    const plan = planExport(tenant(), new Set());
    expect(plan.skipped).toEqual([
      { type: "EnrollmentTicket", reason: "not settings" },
      { type: "MfaFactor", reason: "2 off (duo, email); --all-factors declares them too" },
    ]);
    const all = planExport(tenant(), new Set(["all-factors"]));
    expect(all.declarations.filter((declaration) => declaration.definition.name === "MfaFactor").map((declaration) => declaration.name)).toEqual([
      "duo",
      "email",
      "push-notification",
      "sms",
    ]);
    expect(all.skipped.map((skipped) => skipped.type)).toEqual(["EnrollmentTicket"]);
  });

  it("puts a factor's settings after that factor alone, and a WebAuthn factor's only when it is on (all with --all-factors)", () => {
    const settings = tenant();
    settings.kinds.push(
      kind("OtpSettings", [
        { id: "sms", inputs: { factor: "sms", otpLength: 8, otpExpirationTime: 120 } },
        { id: "email", inputs: { factor: "email", otpLength: 6, otpExpirationTime: 300 } },
      ]),
      kind("DuoSettings", [{ id: HOST, inputs: { integrationKey: "DI1", hostname: "api-1.duosecurity.com" } }]),
      kind("WebAuthnSettings", [
        { id: "webauthn-roaming", inputs: { factor: "webauthn-roaming", userVerification: "required", overrideRelyingParty: false } },
        { id: "webauthn-platform", inputs: { factor: "webauthn-platform", overrideRelyingParty: false } },
      ]),
    );
    const factors = settings.kinds.find((read) => read.definition.name === "MfaFactor")!;
    factors.objects.push({ id: "webauthn-roaming", props: {}, inputs: { factor: "webauthn-roaming", enabled: true }, failures: [] });
    factors.objects.push({ id: "webauthn-platform", props: {}, inputs: { factor: "webauthn-platform", enabled: false }, failures: [] });

    const plan = planExport(settings, new Set());
    const after = Object.fromEntries(plan.declarations.map((declaration) => [declaration.identifier, declaration.dependsOn.map((other) => other.identifier)]));
    expect(after.smsOtpSettings).toEqual(["smsFactor"]);
    // The email factor is off, so not declared: its code settings depend on nothing.
    expect(after.emailOtpSettings).toEqual([]);
    expect(after.duoSettings).toEqual([]);
    expect(after.webauthnRoamingSettings).toEqual(["webauthnRoamingFactor"]);
    expect(after.webauthnPlatformSettings).toBeUndefined();
    expect(plan.skipped).toContainEqual({ type: "WebAuthnSettings", reason: "1 of a factor that is off (webauthn-platform); --all-factors declares them too" });

    const all = planExport(settings, new Set(["all-factors"]));
    const allAfter = Object.fromEntries(all.declarations.map((declaration) => [declaration.identifier, declaration.dependsOn.map((other) => other.identifier)]));
    expect(allAfter.duoSettings).toEqual(["duoFactor"]);
    expect(allAfter.webauthnPlatformSettings).toEqual(["webauthnPlatformFactor"]);
    expect(allAfter.emailOtpSettings).toEqual(["emailFactor"]);
  });

  it("skips what the resource's own check refuses, naming why", () => {
    const contents = tenant();
    contents.kinds.push(kind("MfaPolicy", []));
    contents.kinds = contents.kinds.map((listed) =>
      listed.definition.name === "PhoneMessageTypes"
        ? kind("PhoneMessageTypes", [{ id: HOST, inputs: { messageTypes: [] }, failures: [{ property: "messageTypes", reason: "must list at least one" }] }])
        : listed,
    );
    const plan = planExport(contents, new Set());
    expect(plan.declarations.some((declaration) => declaration.definition.name === "PhoneMessageTypes")).toBe(false);
    expect(plan.skipped).toContainEqual({
      type: "PhoneMessageTypes",
      reason: '"phone-message-types": no resource can declare what the tenant holds (messageTypes: must list at least one)',
    });
    expect(edges(contents).smsFactor).toEqual([]);
  });
});

describe("what no resource can declare", () => {
  it("is skipped, named with its id and why, beside what is declared of its kind", () => {
    const contents = tenant();
    const streams = contents.kinds.find((listed) => listed.definition.name === "EventStream")!;
    streams.undeclarable = [
      { id: "est_2", name: "to-kafka", undeclarable: 'a destination of type "kafka" this package cannot manage' },
      { id: "est_1", name: "a-bus", undeclarable: "an eventbridge destination without aws_partner_event_source" },
    ];
    const plan = planExport(contents, new Set());
    expect(plan.declarations.filter((declaration) => declaration.definition.name === "EventStream")).toHaveLength(6);
    expect(plan.skipped.filter((skipped) => skipped.type === "EventStream")).toEqual([
      { type: "EventStream", reason: '"a-bus" (est_1): no resource can declare what the tenant holds (an eventbridge destination without aws_partner_event_source)' },
      { type: "EventStream", reason: '"to-kafka" (est_2): no resource can declare what the tenant holds (a destination of type "kafka" this package cannot manage)' },
    ]);
    expect(plan.kinds.find((read) => read.definition.name === "EventStream")?.held).toBe(8);
  });
});

describe("the report", () => {
  it("names every kind read, with how many it declared, and says when the tenant holds none", () => {
    const contents = tenant();
    contents.kinds = contents.kinds.map((listed) => (listed.definition.name === "MfaFactor" ? kind("MfaFactor", [{ id: "duo", inputs: { factor: "duo", enabled: false } }]) : listed));
    const install = { name: "pulumi-tenant", version: "1.2.3", source: { kind: "registry", version: "1.2.3" }, spec: "1.2.3" } as const;
    const report = exportReport(planExport(contents, new Set()), { host: HOST, folder: "tenant", files: ["index.ts"], imports: 1, install });
    const lines = report.split("\n");
    expect(lines.slice(1, 1 + contents.kinds.length)).toEqual([
      "  PhoneProvider            1  phone-provider",
      "  PhoneMessageTypes        1  phone-message-types",
      "  SnsPushProvider          1  sns-push-provider",
      "  ApnsPushProvider         0  the tenant holds none",
      "  PushProviderSelection    1  push-provider-selection",
      "  MfaFactor                0  none of the 1 the tenant holds (see Skipped)",
      "  MfaPolicy                1  mfa-policy",
      "  EventStream              6  B, Z, a b, a-b, b and 1 more",
    ]);
    // What to run next, a stack (and the backend it needs) included: the folder has no stack yet.
    expect(report).toContain("Next: cd tenant && npm install && pulumi stack init <stack> && pulumi up");
    expect(report).toContain("pulumi stack init needs a backend: pulumi login (Pulumi Cloud), pulumi login --local, or PULUMI_BACKEND_URL");
    expect(report).toContain("package.json installs pulumi-tenant 1.2.3 from the npm registry, as this command was installed.");
    // What an import of import.json leaves out, which index.ts has.
    expect(report).toContain("give the phone provider and the streams retainOnDelete (as index.ts does) before you unprotect them, or a destroy deletes them.");
  });

  it("says how to install the package as the command came: from its tarball, a URL, or packed from its folder first", () => {
    const plan = planExport(tenant(), new Set());
    const report = (install: Parameters<typeof exportReport>[1]["install"]) =>
      exportReport(plan, { host: HOST, folder: "tenant", files: ["index.ts"], imports: 1, install }).split("\n");
    const base = { name: "pulumi-tenant", version: "1.2.3" };
    expect(report({ ...base, source: { kind: "tarball", file: "/p/pulumi-tenant-1.2.3.tgz" }, spec: "file:../pulumi-tenant-1.2.3.tgz" })).toEqual(
      expect.arrayContaining([
        "Next: cd tenant && npm install && pulumi stack init <stack> && pulumi up, with the same TENANT_* variables (or tenant:* stack config).",
        "package.json installs pulumi-tenant from file:../pulumi-tenant-1.2.3.tgz, the tarball this command was installed from (keep it there, or change the path).",
      ]),
    );
    expect(report({ ...base, source: { kind: "url", url: "git+ssh://git@example.com/t.git#abc" }, spec: "git+ssh://git@example.com/t.git#abc" })).toContain(
      "package.json installs pulumi-tenant from git+ssh://git@example.com/t.git#abc, as this command was installed.",
    );
    expect(report({ ...base, source: { kind: "folder", folder: "/src/pulumi-tenant" } })).toEqual(
      expect.arrayContaining([
        "Next: cd /src/pulumi-tenant && npm pack, then cd tenant && npm install /src/pulumi-tenant/pulumi-tenant-1.2.3.tgz && pulumi stack init <stack> && " +
          "pulumi up, with the same TENANT_* variables (or tenant:* stack config).",
      ]),
    );
  });
});

describe("the files", () => {
  it("hold no secret, at any depth", () => {
    const plan = planExport(tenant(), new Set());
    expect(programFile(plan, { host: HOST, version: "1.2.3" })).not.toContain(SECRET);
    expect(JSON.stringify(plan.declarations.map((declaration) => declaration.inputs))).not.toContain(SECRET);
    expect(importJson(plan)).not.toContain(SECRET);
  });

  it("declare streams and the phone provider adopting and retained, with what removing retainOnDelete means", () => {
    const file = programFile(planExport(tenant(), new Set()), { host: HOST, version: "1.2.3" });
    expect(file.match(/adoptExisting: true\b/g)).toHaveLength(7);
    expect(file.match(/ {4}retainOnDelete: true,/g)).toHaveLength(7);
    expect(file).toContain(
      "    // Without retainOnDelete, destroying the stack (or removing this declaration) deletes the event stream from the tenant.\n" +
        "    retainOnDelete: true,",
    );
    expect(file).toContain('const smsFactor = new tenant.MfaFactor("sms", { factor: "sms", enabled: true }, { dependsOn: [phoneMessageTypes] });');
    expect(file).toContain('const aBStream2 = new tenant.EventStream(\n  "a-b",\n');
  });

  it("are the same bytes whatever order the tenant listed things in", () => {
    const render = (contents: TenantContents) => {
      const plan = planExport(contents, new Set());
      return programFile(plan, { host: HOST, version: "1.2.3" }) + importJson(plan);
    };
    const shuffled = tenant();
    shuffled.kinds.reverse();
    for (const listed of shuffled.kinds) listed.objects.reverse();
    expect(render(shuffled)).toBe(render(tenant()));
  });

  it("import.json lists every declared resource by type, name and id, in the same order", () => {
    const plan = planExport(tenant(), new Set());
    const { resources } = JSON.parse(importJson(plan)) as { resources: { type: string; name: string; id: string }[] };
    expect(resources.map((resource) => `${resource.type} ${resource.name} ${resource.id}`).slice(0, 3)).toEqual([
      "tenant:index:PhoneProvider phone-provider pro_1",
      `tenant:index:PhoneMessageTypes phone-message-types ${HOST}`,
      `tenant:index:SnsPushProvider sns-push-provider ${HOST}`,
    ]);
    expect(resources).toHaveLength(plan.declarations.length);
  });
});
