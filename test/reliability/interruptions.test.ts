/**
 * A create interrupted under the Pulumi CLI, for the three types whose create makes a new object on the tenant:
 * PhoneProvider, EventStream and PhoneTemplate (test/support/fixtures/newObjects, the three creates in flight at
 * once). The emulator holds each create's POST; the test kills the provider host, or the CLI itself, then lets the
 * tenant apply the held request or not. In each: what the user sees, what the next commands do, and that the tenant
 * never holds two objects where the program declares one.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Emulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT, emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { PHONE_API_PATH, PUSH_API_PATH, STREAMS_API_PATH } from "../e2e/helpers";
import { PROCESSES, diagnosticsUnder, failureLines, itLeavesNoSecret, killLeftovers, stackProcesses, stackRecord, useInterruptedStack } from "./support/interruption";

const PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "newObjects");
const TEMPLATES_API_PATH = "/api/v2/branding/phone/templates";
const CREATE_PATHS = [PHONE_API_PATH, STREAMS_API_PATH, TEMPLATES_API_PATH];
const URN_PREFIX = "urn:pulumi:dev::tenant-new-objects::pulumi-nodejs:dynamic/tenant";
const WEBHOOK_TOKEN = "sentinel-webhook-token-interrupted-5c1e";
/** The stack holds none of the three. */
const NONE = { sms: undefined, audit: undefined, verify: undefined };
const URNS = { sms: `${URN_PREFIX}:PhoneProvider::sms`, audit: `${URN_PREFIX}:EventStream::audit`, verify: `${URN_PREFIX}:PhoneTemplate::verify` };

/** The newObjects program's stack against an emulator, its resources adopting what exists when asked. */
function newObjectsStack(emulator: Emulator, stateDir: string, adoptExisting = false): PulumiCliEngine {
  return new PulumiCliEngine({
    projectDir: PROJECT_DIR,
    stack: "dev",
    stateDir,
    passphrase: "new-objects passphrase",
    config: {
      ...emulatorConnectionConfig(emulator, SENTINEL_CLIENT),
      "tenant-new-objects:smsAuthToken": { value: SENTINELS.smsAuthToken, secret: true },
      "tenant-new-objects:webhookToken": { value: WEBHOOK_TOKEN, secret: true },
      "tenant-new-objects:adoptExisting": { value: String(adoptExisting) },
    },
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
  });
}

/** What the tenant holds of the three types: ids of its phone providers, event streams and custom templates. */
function tenantObjects(emulator: Emulator) {
  return {
    sms: [...emulator.state.phoneProviders.keys()],
    audit: emulator.state.eventStreams.map((stream) => stream.id),
    verify: emulator.state.phoneTemplates
      .snapshot()
      .flatMap((template) => ("id" in template && typeof template.id === "string" ? [template.id] : [])),
  };
}

/** What the CLI says of each create whose provider host died under it: the gRPC call's end, as gRPC reports it. */
const HOST_LOST = [
  "tenant:EventStream 'audit': error reading from server: EOF",
  "tenant:PhoneProvider 'sms': error reading from server: EOF",
  "tenant:PhoneTemplate 'verify': error reading from server: EOF",
];

/** The conflict errors of a create that finds its object already on the tenant (the ids the tenant gave them). */
function conflictLines(ids: { sms: string; audit: string; verify: string }): string[] {
  return [
    `tenant:EventStream 'audit': EventStream "audit": the service refused it (409): Event stream name already in use. ` +
      `The tenant's stream of this name is "${ids.audit}": to manage it with this resource, set adoptExisting: true (it ` +
      `is then updated only where these inputs differ); to only read it, use EventStream.get(name, "${ids.audit}") (or ` +
      `"pulumi import" with the native tenant plugin).`,
    `tenant:PhoneProvider 'sms': The tenant already has a phone provider (id "${ids.sms}"), and the service allows only one. ` +
      `To manage it with this resource, set adoptExisting: true (the existing provider is then updated to these inputs); to ` +
      `only read it, use PhoneProvider.get(name, id) (or "pulumi import" with the native tenant plugin).`,
    `tenant:PhoneTemplate 'verify': PhoneTemplate: the tenant's "otp_verify" phone template is customized already (id ` +
      `"${ids.verify}"), and a tenant has one per type. To manage it with this resource, set adoptExisting: true (it is then ` +
      `changed only where these inputs differ, and put back as it was on destroy); to only read it, use ` +
      `PhoneTemplate.get(name, "${ids.verify}") (or "pulumi import" with the native tenant plugin).`,
  ];
}

/** The one object of each type the tenant holds; fails when it holds none or two of one. */
function oneOfEach(emulator: Emulator): { sms: string; audit: string; verify: string } {
  const objects = tenantObjects(emulator);
  expect(objects).toEqual({ sms: [expect.any(String)], audit: [expect.any(String)], verify: [expect.any(String)] });
  return { sms: objects.sms[0], audit: objects.audit[0], verify: objects.verify[0] };
}

/** The POSTs, and the other calls, a create of the three makes where the tenant holds none of them. */
const CREATES_FROM_NOTHING = {
  [`POST ${PHONE_API_PATH}`]: 1,
  [`POST ${STREAMS_API_PATH}`]: 1,
  [`GET ${TEMPLATES_API_PATH}`]: 1,
  [`POST ${TEMPLATES_API_PATH}`]: 1,
};

/** A create of the three where the tenant holds each already: refused, and no second object made. */
const CREATES_REFUSED = {
  [`POST ${PHONE_API_PATH}`]: 1,
  [`GET ${PHONE_API_PATH}`]: 1,
  [`POST ${STREAMS_API_PATH}`]: 1,
  // The stream's refusal names the stream there: one listing, its pages (the first, then the empty last).
  [`GET ${STREAMS_API_PATH}`]: 2,
  [`GET ${TEMPLATES_API_PATH}`]: 1,
};

/** The newObjects stack for one describe block, on an emulator of its own; `true` runs its program adopting. */
const useNewObjectsStack = (prefix: string) =>
  useInterruptedStack<boolean>({ prefix, engine: newObjectsStack, secrets: { "the webhook token": WEBHOOK_TOKEN } });

describe.sequential("the provider host killed in the middle of the three creates", { timeout: 180_000 }, () => {
  const stack = useNewObjectsStack("pulumi-tenant-host-killed-");

  it("fails each create, naming its resource; the CLI records no pending create, and the tenant, the POSTs lost, holds none", async () => {
    const error = await stack.interruptedUp(CREATE_PATHS, PROCESSES.dynamicProviderHost, "drop");
    expect(failureLines(error)).toEqual(HOST_LOST);
    // The host's launcher reports its end: the CLI shows it among the stack's diagnostics.
    expect(diagnosticsUnder(error.result.programOutput, "pulumi:pulumi:Stack (tenant-new-objects-dev)")).toContain("Killed");
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: NONE, pendingCreates: [] });
    expect(tenantObjects(stack.emulator)).toEqual({ sms: [], audit: [], verify: [] });
  });

  it("the next up calls Create again: one POST each, and the tenant holds one of each, those in state", async () => {
    stack.requests.take();
    await stack.up();
    expect(stack.requests.take().counts()).toEqual(CREATES_FROM_NOTHING);
    expect((await stackRecord(stack.engine(), URNS)).ids).toEqual(oneOfEach(stack.emulator));
  });

  it("destroy takes the three away", async () => {
    await stack.destroy();
    expect(tenantObjects(stack.emulator)).toEqual({ sms: [], audit: [], verify: [] });
  });

  it("killed again, the held POSTs applied this time: the tenant holds one of each, the stack none", async () => {
    const error = await stack.interruptedUp(CREATE_PATHS, PROCESSES.dynamicProviderHost, "handle");
    expect(failureLines(error)).toEqual(HOST_LOST);
    oneOfEach(stack.emulator);
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: NONE, pendingCreates: [] });
  });

  it("the next up calls Create again, and each refuses to make a second object, saying how to take over the one there", async () => {
    const before = oneOfEach(stack.emulator);
    stack.requests.take();
    const error = await stack.failingUp();
    expect(failureLines(error)).toEqual(conflictLines(before));
    expect(stack.requests.take().counts()).toEqual(CREATES_REFUSED);
    expect(oneOfEach(stack.emulator)).toEqual(before);
  });

  it("with adoptExisting: true, up takes the three over without a POST: state and tenant agree, one of each", async () => {
    const before = oneOfEach(stack.emulator);
    await stack.up(true);
    expect(stack.requests.take().mutating().filter((call) => call.startsWith("POST"))).toEqual([]);
    expect(oneOfEach(stack.emulator)).toEqual(before);
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: before, pendingCreates: [] });
  });

  itLeavesNoSecret(stack);
});

describe.sequential("the CLI killed in the middle of the three creates", { timeout: 180_000 }, () => {
  const stack = useNewObjectsStack("pulumi-tenant-cli-killed-");

  it("dies with the three creates recorded as pending; its provider host outlives it and gets the tenant's answers", async () => {
    const error = await stack.interruptedUp(CREATE_PATHS, PROCESSES.cli, "handle");
    // Killed, the CLI said nothing of how the three creates ended.
    expect(error.result.programOutput).toMatch(/PhoneProvider sms creating/);
    expect(error.result.programOutput).not.toMatch(/(PhoneProvider sms|EventStream audit|PhoneTemplate verify) (created|\*\*creating failed)/);
    expect(stackProcesses(stack.engine(), PROCESSES.dynamicProviderHost)).not.toEqual([]);
    // It would stay running on the user's machine (nothing ends it); the test ends it.
    killLeftovers(stack.engine());
    oneOfEach(stack.emulator);
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: NONE, pendingCreates: Object.values(URNS).sort() });
  });

  it("the next up is refused by the killed CLI's lock, which pulumi cancel removes", async () => {
    const locked = await stack.failingUp();
    expect(locked.message).toContain(
      "the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.",
    );
    const cancel = await stack.pulumi(["cancel", "--yes"]);
    expect(cancel).toMatchObject({ code: 0, stdout: expect.stringContaining("The currently running update for 'dev' has been canceled!") });
  });

  it("then up warns of the three pending creates, in the CLI's words, and calls Create again: each refuses a second object", async () => {
    const before = oneOfEach(stack.emulator);
    stack.requests.take();
    const error = await stack.failingUp();
    const [warning] = error.result.diagnostics.map((log) => log.message);
    expect(warning).toContain("Attempting to deploy or update resources with 3 pending operations from previous deployment.");
    for (const urn of Object.values(URNS)) expect(warning).toContain(`  * ${urn}, interrupted while creating\n`);
    expect(warning).toContain("Note that `pulumi refresh` will need to be run interactively to clear pending CREATE operations.");
    expect(failureLines(error)).toEqual(conflictLines(before));
    expect(stack.requests.take().counts()).toEqual(CREATES_REFUSED);
    expect(oneOfEach(stack.emulator)).toEqual(before);
    // The CLI keeps them until a refresh resolves them.
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: NONE, pendingCreates: Object.values(URNS).sort() });
  });

  it("refresh --import-pending-creates with the ids the errors name: the pending creates go, but v3.259.0 imports none", async () => {
    const ids = oneOfEach(stack.emulator);
    const pairs = (Object.keys(URNS) as (keyof typeof URNS)[]).flatMap((name) => [URNS[name], ids[name]]);
    const importing = pairs.flatMap((value) => ["--import-pending-creates", value]);
    const refresh = await stack.pulumi(["refresh", "--yes", ...importing]);
    expect(refresh.code).toBe(0);
    // The CLI turns each into a pending import, which no step of the refresh reads: it is dropped, not imported (as
    // --clear-pending-creates drops it), and nothing of them is read: only the selection the stack holds (by the
    // refresh's preview, then by the refresh).
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: NONE, pendingCreates: [] });
    expect(stack.requests.take().counts()).toEqual({ [`GET ${PUSH_API_PATH}`]: 2 });
  });

  it("with adoptExisting: true, up takes the three over without a POST and without a warning: state and tenant agree", async () => {
    const before = oneOfEach(stack.emulator);
    const result = await stack.up(true);
    expect(result.diagnostics).toEqual([]);
    expect(stack.requests.take().mutating().filter((call) => call.startsWith("POST"))).toEqual([]);
    expect(oneOfEach(stack.emulator)).toEqual(before);
    expect(await stackRecord(stack.engine(), URNS)).toEqual({ ids: before, pendingCreates: [] });
  });

  itLeavesNoSecret(stack);
});
