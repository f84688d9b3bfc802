/**
 * examples/basic through its whole life against the emulator, as the demo runs it: preview → up → preview →
 * an out-of-band change → preview --refresh → up --refresh → up → destroy. Each step checks the operations,
 * the API calls the tenant saw, the tenant afterwards, the outputs, and that no secret shows in plain text.
 * The tests share one emulator and one stack and run in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_DESTINATIONS, startEmulator, type Emulator, type RequestLogEntry, type StoredPhoneProvider } from "../../tools/emulator";
import { UNKNOWN_VALUE, isSecretEnvelope, type RunResult } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT, basicStack, type BasicStack } from "../../tools/stacks/basicStack";
import {
  OutOfBandAdmin,
  PHONE_API_PATH,
  PUSH_API_PATH,
  RequestWindow,
  STREAMS_API_PATH,
  TICKET_API_PATH,
  diffShownFor,
  displayedChangesOf,
  expectNoSecrets,
  operations,
  visibleTexts,
  type ApiCalls,
} from "./helpers";

const SEEDED_STREAMS = 150; // more than one page of 100, every destination type
// Pages of 100, plus the empty page the service sends after the last stream.
const STREAM_PAGES = Math.ceil(SEEDED_STREAMS / 100) + 1;
/** The tenant's selection before the stack exists; destroy must put it back. */
const INITIAL_PUSH = "direct";

const CREATES = ["create tenant:EnrollmentTicket alice-push", "create tenant:PhoneProvider sms", "create tenant:PushProviderSelection push"];
const SAMES = ["same tenant:EnrollmentTicket alice-push", "same tenant:PhoneProvider sms", "same tenant:PushProviderSelection push"];
const DRIFT_REPAIR = [
  "refresh-same tenant:EnrollmentTicket alice-push",
  "refresh-update tenant:PhoneProvider sms",
  "refresh-update tenant:PushProviderSelection push",
  "same tenant:EnrollmentTicket alice-push",
  "update tenant:PhoneProvider sms",
  "update tenant:PushProviderSelection push",
];
const DRIFT_DIFFS = {
  "refresh-update push": ["provider"],
  // The out-of-band PATCH also moved the provider's updatedAt; only `disabled` is an input to put back.
  "refresh-update sms": ["disabled", "updatedAt"],
  "update push": ["provider"],
  "update sms": ["disabled"],
};
const PHONE_BY_ID = `${PHONE_API_PATH}/{id}`;
const PROGRAM_READS = { [`GET ${STREAMS_API_PATH}`]: STREAM_PAGES };
const REFRESH_READS = { [`GET ${PHONE_BY_ID}`]: 1, [`GET ${PUSH_API_PATH}`]: 1 };

describe.sequential("examples/basic lifecycle against the emulator", () => {
  let emulator: Emulator;
  let stack: BasicStack;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;
  const tokenRequests: RequestLogEntry[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    emulator.seedEventStreams(SEEDED_STREAMS, { destinations: SEED_DESTINATIONS });
    emulator.state.pushProvider = INITIAL_PUSH;
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    stack = basicStack(emulator);
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  /** Every secret of the scenario so far: sentinels, each access token issued, each ticket URL minted. */
  async function secrets(): Promise<Record<string, string[]>> {
    return {
      "the client secret": [SENTINELS.clientSecret],
      "the SMS auth token": [SENTINELS.smsAuthToken],
      "an access token": [...emulator.issuedAccessTokens(), admin.token],
      "a ticket URL": emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_url),
      "a ticket id (the URL's secret part)": emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_id),
    };
  }

  /** Runs one engine command; returns its result and the API calls it made, after the secret scan. */
  async function step(name: string, run: () => Promise<RunResult>): Promise<{ result: RunResult; calls: ApiCalls }> {
    let result: RunResult;
    try {
      result = await run();
    } catch (error) {
      requests.take();
      expectNoSecrets({ [`${name}: error message`]: String(error) }, await secrets(), { soft: true });
      throw error;
    }
    const calls = requests.take();
    tokenRequests.push(...calls.tokenRequests());
    expectNoSecrets(visibleTexts(name, result, await stack.engine.rawState()), await secrets());
    expect(calls.failures(), `failed API calls during ${name}`).toEqual([]);
    expect(calls.other()).toEqual([]);
    // One token per process at most (the program's, the host's): the client caches it.
    expect(calls.tokenRequests().length).toBeLessThanOrEqual(2);
    return { result, calls };
  }

  function onlyPhoneProvider(): StoredPhoneProvider {
    const providers = [...emulator.state.phoneProviders.values()];
    expect(providers).toHaveLength(1);
    return providers[0];
  }

  function expectDesiredPhoneProvider(provider: StoredPhoneProvider): void {
    expect(provider).toMatchObject({
      name: "vendor_a",
      disabled: false,
      configuration: { sid: "AC0000000000000000000000000000demo", delivery_methods: ["text", "voice"], default_from: "+15550100" },
      credentials: { auth_token: SENTINELS.smsAuthToken },
    });
  }

  const streamNames = () => emulator.state.eventStreams.slice(0, 5).map((stream) => stream.name);

  it("the leak scan knows the emulator's access tokens exactly", async () => {
    const response = await fetch(`${emulator.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials", client_id: SENTINEL_CLIENT.id, client_secret: SENTINEL_CLIENT.secret, audience: "/api/v2/" }),
    });
    const { access_token: issued } = (await response.json()) as { access_token: string };
    const calls = requests.take();
    expect(calls.tokenRequests()).toHaveLength(1);
    expect(emulator.issuedAccessTokens()).toContain(issued);
  });

  it("preview plans three creates, writes nothing to the tenant and saves no state", async () => {
    const { result, calls } = await step("preview", () => stack.engine.preview());
    expect(operations(result)).toEqual(CREATES);
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual(PROGRAM_READS);
    expect(result.outputs).toMatchObject({ pushProvider: "sns", smsDisabled: false, eventStreamCount: SEEDED_STREAMS, eventStreamNames: streamNames() });
    // Computed by the API, so unknown until created; the ticket URL never shows as plain text.
    expect(result.outputs.ticketUrl).toBe(UNKNOWN_VALUE);
    expect(result.outputs.phoneProviderId).toBe(UNKNOWN_VALUE);
    // The CLI keeps the stack it created, holding no resource.
    expect((await stack.engine.readState()).resources).toEqual([]);
    expect(emulator.state.pushProvider).toBe(INITIAL_PUSH);
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect(emulator.state.enrollmentTickets).toHaveLength(0);
  });

  it("up creates the selection, the phone provider and a ticket, and reports them", async () => {
    const { result, calls } = await step("up", () => stack.engine.up());
    expect(operations(result)).toEqual(CREATES);
    expect(calls.counts()).toEqual({
      ...PROGRAM_READS,
      [`GET ${PUSH_API_PATH}`]: 1, // what to restore on destroy
      [`PUT ${PUSH_API_PATH}`]: 1,
      [`POST ${PHONE_API_PATH}`]: 1,
      [`POST ${TICKET_API_PATH}`]: 1,
    });

    expect(emulator.state.pushProvider).toBe("sns");
    const phone = onlyPhoneProvider();
    expectDesiredPhoneProvider(phone);
    expect(emulator.state.enrollmentTickets).toHaveLength(1);
    const [ticket] = emulator.state.enrollmentTickets;
    expect(ticket.request).toMatchObject({ user_id: "auth0|alice", factor: "push-notification", send_mail: false });

    expect(result.outputs).toMatchObject({
      pushProvider: "sns",
      previousPushProvider: INITIAL_PUSH,
      phoneProviderId: phone.id,
      phoneChannel: "phone",
      smsDisabled: false,
      eventStreamCount: SEEDED_STREAMS,
      eventStreamNames: streamNames(),
      // Seeded in turn: three webhook kinds, then EventBridge, then an Action.
      eventStreamTypes: { webhook: (SEEDED_STREAMS * 3) / 5, eventbridge: SEEDED_STREAMS / 5, action: SEEDED_STREAMS / 5 },
    });
    expect(isSecretEnvelope(result.outputs.ticketUrl)).toBe(true);
    expect((result.outputs.ticketUrl as { value: unknown }).value).toBe(ticket.ticket_url);
    // The ticket id is the secret part of the URL: a secret output, and no part of the resource id.
    expect(isSecretEnvelope(result.outputs.ticketId)).toBe(true);
    expect((result.outputs.ticketId as { value: unknown }).value).toBe(ticket.ticket_id);
    const stored = (await stack.engine.readState()).resources.find((resource) => resource.urn.endsWith("::sms"));
    expect(isSecretEnvelope(stored?.outputs.credentials)).toBe(true);
  });

  it("a second preview has no changes and makes no mutating call", async () => {
    const { result, calls } = await step("preview after up", () => stack.engine.preview({ expectNoChanges: true }));
    expect(operations(result)).toEqual(SAMES);
    expect(result.changed).toBe(false);
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual(PROGRAM_READS);
  });

  it("preview --refresh shows an out-of-band change, without repairing or saving it", async () => {
    const phoneId = onlyPhoneProvider().id;
    await admin.selectPushProvider("guardian");
    await admin.patchPhoneProvider(phoneId, { disabled: true });
    expect(requests.take().mutating()).toEqual([`PUT ${PUSH_API_PATH}`, `PATCH ${PHONE_API_PATH}/${phoneId}`]);
    const stateBefore = await stack.engine.rawState();

    const { result, calls } = await step("preview --refresh --diff", () => stack.engine.preview({ refresh: true, diff: true }));
    expect(operations(result)).toEqual(DRIFT_REPAIR);
    expect(displayedChangesOf(result)).toEqual(DRIFT_DIFFS);
    // What the CLI prints: each update names the one input it puts back.
    expect(diffShownFor(result.programOutput, "push", "update")).toEqual(["provider"]);
    expect(diffShownFor(result.programOutput, "sms", "update")).toEqual(["disabled"]);
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual({ ...PROGRAM_READS, ...REFRESH_READS });
    expect(emulator.state.pushProvider).toBe("guardian");
    expect(onlyPhoneProvider().disabled).toBe(true);
    expect(await stack.engine.rawState()).toBe(stateBefore);
  });

  it("up --refresh puts the tenant back as the program declares it", async () => {
    const phoneId = onlyPhoneProvider().id;
    const { result, calls } = await step("up --refresh", () => stack.engine.up({ refresh: true }));
    expect(operations(result)).toEqual(DRIFT_REPAIR);
    expect(displayedChangesOf(result)).toEqual(DRIFT_DIFFS);
    expect(calls.counts()).toEqual({ ...PROGRAM_READS, ...REFRESH_READS, [`PUT ${PUSH_API_PATH}`]: 1, [`PATCH ${PHONE_BY_ID}`]: 1 });
    expect(emulator.state.pushProvider).toBe("sns");
    const phone = onlyPhoneProvider();
    expect(phone.id).toBe(phoneId);
    expectDesiredPhoneProvider(phone);
    // Tickets are never re-minted by a repair.
    expect(emulator.state.enrollmentTickets).toHaveLength(1);
    // Refresh must keep what destroy will restore.
    expect(result.outputs).toMatchObject({ pushProvider: "sns", previousPushProvider: INITIAL_PUSH, smsDisabled: false });
  });

  it("the next up is a no-op: every resource the same, no mutating call", async () => {
    const { result, calls } = await step("up (no-op)", () => stack.engine.up());
    expect(operations(result)).toEqual(SAMES);
    expect(result.changed).toBe(false);
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual(PROGRAM_READS);
    expect(emulator.state.enrollmentTickets).toHaveLength(1);
  });

  it("destroy restores the previous push selection, removes the phone provider and empties the state", async () => {
    const phoneId = onlyPhoneProvider().id;
    const { result, calls } = await step("destroy", () => stack.engine.destroy());
    expect(operations(result)).toEqual([
      "delete tenant:EnrollmentTicket alice-push",
      "delete tenant:PhoneProvider sms",
      "delete tenant:PushProviderSelection push",
    ]);
    expect(calls.mutating().sort()).toEqual([`DELETE ${PHONE_API_PATH}/${phoneId}`, `PUT ${PUSH_API_PATH}`]);
    // The selection is read first: destroy decides from the tenant whether to put it back.
    expect(calls.counts()).toEqual({ [`GET ${PUSH_API_PATH}`]: 1, [`PUT ${PUSH_API_PATH}`]: 1, [`DELETE ${PHONE_BY_ID}`]: 1 });
    expect(emulator.state.pushProvider).toBe(INITIAL_PUSH);
    expect(emulator.state.phoneProviders.size).toBe(0);
    const state = await stack.engine.readState();
    expect(state.resources).toEqual([]);
    expect(state.outputs).toEqual({});
  });
});
