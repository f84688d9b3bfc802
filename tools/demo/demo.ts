/**
 * `npm run demo`: the whole lifecycle of examples/basic against the local emulator, in one command.
 *
 * preview → up → preview (no changes) → an out-of-band change on the tenant → preview --refresh shows the
 * drift → up --refresh repairs it → destroy, driven by the real Pulumi CLI (the user's `pulumi` on PATH when it is the
 * pinned release or newer, else the pin, built from Go modules on first use: tools/pulumi-cli) with a local file
 * backend. Where neither Go nor such a CLI is here, it stops with one line naming both. It exits non-zero when a step fails or leaves the tenant other than it
 * says (CI runs it so): the drift check must find the change, the repair must undo it, destroy must put back the
 * push provider the tenant had and remove the phone provider.
 */
import { request } from "undici";
import { DEFAULT_CLIENT, SEED_DESTINATIONS, startEmulator, type Emulator } from "../emulator";
import { ExpectNoChangesError, describeChanges, proposedChanges, type RunResult } from "../pulumi-cli/driver";
import { describeCli, ensurePulumiCli, PulumiCliUnavailableError } from "../pulumi-cli/build";
import { formatResult } from "./formatResult";
import { basicStack } from "../stacks/basicStack";

const SEEDED_STREAMS = 150;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function banner(title: string): void {
  console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 72 - title.length))}`);
}

/** What the tenant API saw since `from` (an index into the emulator's request log). */
function apiCallsSince(emulator: Emulator, from: number): string {
  const calls = emulator.requests.slice(from).filter((entry) => entry.path.startsWith("/api/v2/"));
  const tokens = emulator.requests.slice(from).filter((entry) => entry.path.startsWith("/oauth/token")).length;
  const writes = calls.filter((entry) => MUTATING.has(entry.method)).length;
  const byRoute = new Map<string, number>();
  for (const entry of calls) {
    const route = `${entry.method} ${entry.path.replace(/\/pro_[A-Za-z0-9]+$/, "/{id}")}`;
    byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
  }
  const routes = [...byRoute].map(([route, count]) => `${count}× ${route}`).join(", ");
  return `API calls: ${calls.length} (${writes} changing), token requests: ${tokens}${routes ? ` — ${routes}` : ""}`;
}

async function step(emulator: Emulator, title: string, run: () => Promise<RunResult>): Promise<RunResult> {
  banner(title);
  const logStart = emulator.requests.length;
  const started = Date.now();
  const result = await run();
  console.log(formatResult(result));
  console.log(`${apiCallsSince(emulator, logStart)}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Someone changes the tenant by hand (in the dashboard, say): push provider and the SMS provider's state. */
async function changeTenantOutOfBand(emulator: Emulator): Promise<void> {
  const token = await emulator.issueToken(DEFAULT_CLIENT.id);
  const call = async (method: "PUT" | "PATCH", path: string, body: unknown): Promise<void> => {
    const response = await request(`${emulator.url}/api/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.body.dump();
    if (response.statusCode >= 300) throw new Error(`${method} ${path} answered ${response.statusCode}`);
  };
  const [phone] = [...emulator.state.phoneProviders.values()];
  await call("PUT", "/guardian/factors/push-notification/selected-provider", { provider: "direct" });
  await call("PATCH", `/branding/phone/providers/${phone.id}`, { disabled: true });
  console.log("Out of band: push provider set to \"direct\", and the SMS provider disabled.");
}

/** What the demo prints of the tenant after `step`, failing the demo where it is not `expected`. */
function tenantAfter(step: string, emulator: Emulator, expected: { pushProvider: string; phoneProviders: number; smsDisabled?: boolean }): void {
  const { pushProvider, phoneProviders } = emulator.state;
  const phones = [...phoneProviders.values()];
  console.log(
    `Tenant now: push provider "${pushProvider}", ${phones.length} phone provider(s)${phones.map((phone) => ` (SMS ${phone.disabled ? "disabled" : "enabled"})`).join("")}`,
  );
  const wrong =
    pushProvider !== expected.pushProvider ||
    phones.length !== expected.phoneProviders ||
    (expected.smsDisabled !== undefined && phones.some((phone) => phone.disabled !== expected.smsDisabled));
  if (wrong) throw new Error(`${step} left the tenant otherwise than it should: expected ${JSON.stringify(expected)}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const cli = await ensurePulumiCli((line) => console.log(`  ${line}`), "pinnedOrNewer");
  console.log(`${describeCli(cli)}, with a local file backend`);
  const emulator = await startEmulator({ port: 0 });
  emulator.seedEventStreams(SEEDED_STREAMS, { destinations: SEED_DESTINATIONS }); // webhooks, EventBridge and Actions
  const initialPushProvider = emulator.state.pushProvider;
  const stack = basicStack(emulator, { client: DEFAULT_CLIENT, stack: "demo", cli });
  console.log(`Emulator listening on ${emulator.url} (tenant with ${SEEDED_STREAMS} event streams)`);
  try {
    const { engine } = stack;
    await step(emulator, "1. pulumi preview", () => engine.preview());
    await step(emulator, "2. pulumi up", () => engine.up());
    await step(emulator, "3. pulumi preview (expect no changes)", () => engine.preview({ expectNoChanges: true }));

    banner("4. a change made to the tenant out of band");
    await changeTenantOutOfBand(emulator);

    await step(emulator, "5. pulumi preview --refresh --expect-no-changes (the drift check)", async () => {
      try {
        await engine.preview({ refresh: true, expectNoChanges: true });
        throw new Error("the drift check found no drift, but the tenant was changed out of band");
      } catch (error) {
        if (!(error instanceof ExpectNoChangesError)) throw error;
        console.log(`${describeChanges(proposedChanges(error.result.steps, error.operation))}\nerror: ${error.message}`);
        return error.result;
      }
    });
    await step(emulator, "6. pulumi up --refresh (repairs the drift)", () => engine.up({ refresh: true }));
    // As examples/basic declares it.
    tenantAfter("up --refresh", emulator, { pushProvider: "sns", phoneProviders: 1, smsDisabled: false });

    await step(emulator, "7. pulumi destroy", () => engine.destroy());
    // The push provider the tenant had before the stack, put back; the phone provider removed.
    tenantAfter("destroy", emulator, { pushProvider: initialPushProvider, phoneProviders: 0 });
    banner(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    stack.dispose();
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  // Without Go or a CLI it can use: one line naming both, nothing else.
  if (error instanceof PulumiCliUnavailableError) console.error(error.message);
  else console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
