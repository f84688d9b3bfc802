/**
 * The scheduled drift job, `pulumi preview --refresh --expect-no-changes`, as users run it against a
 * deployed examples/basic stack. It passes while the tenant matches the program, and fails naming the resource
 * and property once something was changed (or deleted) outside Pulumi — through the engine API and through
 * the command line (the Pulumi CLI's own process and its output, as a CI step runs it). The tests share one stack, in
 * order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type RequestLogEntry } from "../../tools/emulator";
import { ExpectNoChangesError, displayedChanges, proposedChanges, requirePulumiCli, type RunResult } from "../../tools/pulumi-cli/driver";
import { runPulumi } from "../../tools/pulumi-cli/pulumi";
import { SENTINELS, SENTINEL_CLIENT, basicStack, type BasicStack } from "../../tools/stacks/basicStack";
import { OutOfBandAdmin, RequestWindow, diffShownFor, expectNoSecrets, operations } from "./helpers";

const CLI_TIMEOUT_MS = 90_000;
/** The phone provider's configuration as examples/basic declares it, on the wire. */
const SMS_WIRE_CONFIGURATION = { sid: "AC0000000000000000000000000000demo", delivery_methods: ["text", "voice"], default_from: "+15550100" };

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The drift job, `pulumi preview --refresh --expect-no-changes --diff`, run by the CLI on the stack's state. */
async function driftJob(stack: BasicStack): Promise<CliRun> {
  const { engine } = stack;
  let program = "";
  const run = await runPulumi(requirePulumiCli(), engine.commandArgs(["preview", "--refresh", "--expect-no-changes", "--diff"]), {
    env: engine.commandEnv(),
    onProgramOutput: (text) => (program += text),
    timeoutMs: CLI_TIMEOUT_MS - 5_000,
  });
  return { code: run.code, stdout: run.stdout + program, stderr: run.stderr };
}

/** The changes the drift check counts, as "op type name: displayed properties" lines. */
function proposed(error: ExpectNoChangesError): string[] {
  return proposedChanges(error.result.steps, error.operation)
    .map((step) => `${step.op} ${step.type} ${step.name}: ${displayedChanges(step).join(", ")}`)
    .sort();
}

/** Runs the drift check through the engine API and returns the ExpectNoChangesError it must raise. */
async function expectDrift(run: Promise<RunResult>): Promise<ExpectNoChangesError> {
  const outcome = await run.then(
    (result) => new Error(`expected drift, but the preview had no changes: ${operations(result).join(", ")}`),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ExpectNoChangesError)) throw outcome;
  return outcome;
}

describe.sequential("drift detection: preview --refresh --expect-no-changes", () => {
  let emulator: Emulator;
  let stack: BasicStack;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;
  let phoneId: string;
  const tokenRequests: RequestLogEntry[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    emulator.seedEventStreams(3);
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    stack = basicStack(emulator);
    await stack.engine.up();
    phoneId = [...emulator.state.phoneProviders.keys()][0];
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  /** Every text a drift run showed must be free of secrets; its calls must only read. */
  async function expectReadOnlyAndNoSecrets(texts: Record<string, string>): Promise<void> {
    const calls = requests.take();
    tokenRequests.push(...calls.tokenRequests());
    expect(calls.mutating()).toEqual([]);
    expectNoSecrets(texts, {
      "the client secret": [SENTINELS.clientSecret],
      "the SMS auth token": [SENTINELS.smsAuthToken],
      "an access token": [...emulator.issuedAccessTokens(), admin.token],
      "a ticket URL": emulator.state.enrollmentTickets.map((ticket) => ticket.ticket_url),
    });
  }

  it("passes while the tenant matches the program: exit 0, every resource the same, nothing saved", async () => {
    const stateBefore = await stack.engine.rawState();
    const run = await driftJob(stack);
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Resources:\n\s+4 unchanged/);
    for (const name of ["alice-push", "sms", "push"]) expect(diffShownFor(run.stdout, name, "update")).toEqual([]);
    expect(await stack.engine.rawState()).toBe(stateBefore);
    await expectReadOnlyAndNoSecrets({ "CLI stdout": run.stdout, "CLI stderr": run.stderr });
  }, CLI_TIMEOUT_MS);

  it("refresh --expect-no-changes of the untouched stack: every refresh step is the same", async () => {
    const result = await stack.engine.refresh({ expectNoChanges: true });
    expect(operations(result).filter((op) => !op.startsWith("refresh-same"))).toEqual([]);
    expect(operations(result)).toEqual(
      expect.arrayContaining(["refresh-same tenant:PhoneProvider sms", "refresh-same tenant:PushProviderSelection push", "refresh-same tenant:EnrollmentTicket alice-push"]),
    );
    await expectReadOnlyAndNoSecrets({ "program output": result.programOutput });
  });

  it("a difference of normalisation only (the delivery methods in another order) is no drift, and up calls nothing", async () => {
    await admin.patchPhoneProvider(phoneId, { configuration: { ...SMS_WIRE_CONFIGURATION, delivery_methods: ["voice", "text"] } });
    expect(emulator.state.phoneProviders.get(phoneId)?.configuration).toMatchObject({ delivery_methods: ["voice", "text"] });
    requests.take();

    const preview = await stack.engine.preview({ refresh: true, expectNoChanges: true });
    // A preview's refresh shows the outputs as the tenant now orders them; no update is proposed.
    expect(operations(preview).filter((op) => !op.startsWith("same") && !op.startsWith("refresh-"))).toEqual([]);
    await expectReadOnlyAndNoSecrets({ "program output": preview.programOutput });

    const up = await stack.engine.up({ refresh: true, expectNoChanges: true });
    expect(operations(up).filter((op) => !op.startsWith("same") && !op.startsWith("refresh-"))).toEqual([]);
    await expectReadOnlyAndNoSecrets({ "program output": up.programOutput });
  });

  it("fails on the configuration changed out of band, naming the property, and repairs nothing", async () => {
    await admin.patchPhoneProvider(phoneId, { configuration: { ...SMS_WIRE_CONFIGURATION, sid: "AC_changed_out_of_band" } });
    requests.take();

    const error = await expectDrift(stack.engine.preview({ refresh: true, expectNoChanges: true }));
    expect(proposed(error)).toEqual(["update tenant:PhoneProvider sms: configuration"]);
    expect(emulator.state.phoneProviders.get(phoneId)?.configuration).toMatchObject({ sid: "AC_changed_out_of_band" });
    await expectReadOnlyAndNoSecrets({ "error message": error.message, "program output": error.result.programOutput });
    // Back as the program has it, for the tests that follow.
    await admin.patchPhoneProvider(phoneId, { configuration: SMS_WIRE_CONFIGURATION });
    requests.take();
  });

  it("fails on a phone provider disabled out of band, naming the resource and the property", async () => {
    await admin.patchPhoneProvider(phoneId, { disabled: true });
    requests.take();

    const error = await expectDrift(stack.engine.preview({ refresh: true, expectNoChanges: true }));
    expect(error.message).toBe("no changes were expected for preview but changes were proposed");
    // Only what drifted is proposed, and the display names the property.
    expect(proposed(error)).toEqual(["update tenant:PhoneProvider sms: disabled"]);
    expect(operations(error.result).filter((op) => !op.startsWith("same") && !op.startsWith("refresh-same"))).toEqual([
      "refresh-update tenant:PhoneProvider sms",
      "update tenant:PhoneProvider sms",
    ]);
    // Detecting drift repairs nothing.
    expect(emulator.state.phoneProviders.get(phoneId)?.disabled).toBe(true);
    await expectReadOnlyAndNoSecrets({ "error message": error.message, "program output": error.result.programOutput });
  });

  it("fails through the command line on drift, with the CLI's message, listing each changed resource and property", async () => {
    await admin.selectPushProvider("direct");
    requests.take();
    const stateBefore = await stack.engine.rawState();

    const run = await driftJob(stack);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("error: no changes were expected for preview but changes were proposed");
    // The --diff output names each changed resource and property, and nothing of the untouched ticket.
    expect(diffShownFor(run.stdout, "push", "update")).toEqual(["provider"]);
    expect(diffShownFor(run.stdout, "sms", "update")).toEqual(["disabled"]);
    expect(diffShownFor(run.stdout, "alice-push", "update")).toEqual([]);
    expect(run.stdout).toMatch(/~ 2 to update/);
    expect(await stack.engine.rawState()).toBe(stateBefore);
    expect(emulator.state.pushProvider).toBe("direct");
    await expectReadOnlyAndNoSecrets({ "CLI stdout": run.stdout, "CLI stderr": run.stderr });
  }, CLI_TIMEOUT_MS);

  it("fails on a phone provider deleted out of band, reporting that it would be created again", async () => {
    await admin.selectPushProvider("sns");
    await admin.deletePhoneProvider(phoneId);
    requests.take();

    const error = await expectDrift(stack.engine.preview({ refresh: true, expectNoChanges: true }));
    // The refresh drops it; the update then proposes to create it again (only that counts).
    expect(operations(error.result)).toContain("refresh-delete tenant:PhoneProvider sms");
    expect(proposed(error)).toEqual(["create tenant:PhoneProvider sms: "]);
    expect(emulator.state.phoneProviders.size).toBe(0);
    await expectReadOnlyAndNoSecrets({ "error message": error.message, "program output": error.result.programOutput });
  });
});

describe("an untouched stack with adoptExisting set explicitly refreshes without a change", () => {
  for (const adoptExisting of [false, true]) {
    it(`adoptExisting: ${adoptExisting} — preview --refresh and refresh expect no changes`, async () => {
      const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
      const stack = basicStack(emulator, { projectConfig: { smsAdoptExisting: String(adoptExisting) } });
      try {
        await stack.engine.up();
        expect(emulator.state.phoneProviders.size).toBe(1);
        const preview = await stack.engine.preview({ refresh: true, expectNoChanges: true });
        expect(operations(preview).filter((op) => !op.startsWith("same") && !op.startsWith("refresh-same"))).toEqual([]);
        const refresh = await stack.engine.refresh({ expectNoChanges: true });
        expect(operations(refresh).filter((op) => !op.startsWith("refresh-same"))).toEqual([]);
      } finally {
        stack.dispose();
        await emulator.close();
      }
    }, 120_000);
  }
});
