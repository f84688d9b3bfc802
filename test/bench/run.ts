/**
 * `npm run bench` (after `npm run build`): every benchmark in one run, printed as ONE Markdown table
 * preceded by a line naming the date, the machine and its load. Progress goes to stderr; stdout holds only the
 * report, so `npm run bench --silent > bench.md` captures it.
 *
 * Sections: 1 client throughput vs raw undici vs the official SDK · 2 calls per operation vs the floor ·
 * 3 the stored provider text per type and what a program spends before its resources register · 4 host cold start · 5 getEventStreams over 10,000 streams · 6 `up` of 100 resources ·
 * 7 scale: 100 and 1,000 tickets at parallelism 8 and 64 against a 50-requests-per-second bucket · 8 native plugin
 * start, the script and the single executable, and the package's share of a YAML `preview` with each · 9 state: the
 * 1,000-ticket `up` with the CLI's file backend, with and without
 * PULUMI_SKIP_CHECKPOINTS, for the recorded older `__provider` texts and today's · 10 `pulumi-tenant export` of a tenant
 * with 1,000 event streams under a rate limit, and the `up` of the program it wrote · 11 the package's share of an `up`
 * and the CLI's binaries. Sections 2, 6, 7, 9, 10 and 11 run their programs under the pinned Pulumi CLI
 * (tools/pulumi-cli); `BENCH_SECTIONS=2,6,7,10` runs only those sections.
 */
import * as os from "node:os";
import { EXAMPLE_STREAMS, EXAMPLE_TEMPLATES, benchCallsPerOperation, benchEventStreamCalls, benchMfaCallsPerOperation } from "./callsPerOperation";
import { benchCheckpoints, checkpointRows } from "./checkpoints";
import { benchExport, exportRows } from "./exportTenant";
import { eventStreamCallRows } from "./eventStreamCallRows";
import { benchColdStart, summarizeColdStart } from "./coldStart";
import { benchPluginStart, pluginStartRows } from "./pluginStart";
import { benchYamlPreviewCost, yamlPreviewCostRows } from "./yamlPreviewCost";
import { benchPushCredentialCalls, pushCredentialCallRows } from "./pushCredentialCalls";
import { benchFactorSettingCalls, factorSettingCallRows } from "./factorSettingCalls";
import { benchGetEventStreams } from "./getEventStreams";
import { profileHandlerLoad, profileLoadPerType } from "./loadProfile";
import { REGISTRY } from "../../provider/resources/registry";
import { benchManyResources } from "./manyResources";
import { benchScaleMatrix } from "./scale";
import { scaleRows } from "./scaleReport";
import {
  coldStartRows,
  eventStreamRows,
  machineLine,
  manyResourceRows,
  markdownTable,
  storedTextRows,
  type Row,
} from "./report";
import { callRows, mfaCallRows } from "./callsReport";
import { phoneTemplateCallRows } from "./phoneTemplateCallRows";
import { benchProgramCost } from "./programCost";
import { benchThroughput, throughputRows } from "./throughput";
import { benchCliCost, cliCostRows } from "./cliCost";

const started = performance.now();

function progress(message: string): void {
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
}

/** `BENCH_SECTIONS=2,7` runs only those sections; unset, all. */
const chosenSections = (process.env.BENCH_SECTIONS ?? "").split(",").map((part) => part.trim()).filter(Boolean);
if (chosenSections.some((part) => !/^(?:[1-9]|1[01])$/.test(part))) {
  process.stderr.write(`BENCH_SECTIONS lists sections 1 to 11 separated by commas, e.g. "2,7"; got "${process.env.BENCH_SECTIONS}"\n`);
  process.exit(2);
}

async function section<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
  const number = name.split(" ")[0];
  if (chosenSections.length > 0 && !chosenSections.includes(number)) return undefined;
  progress(`${name}…`);
  const sectionStart = performance.now();
  const result = await work();
  progress(`${name} done in ${((performance.now() - sectionStart) / 1000).toFixed(1)} s`);
  return result;
}

async function main(): Promise<void> {
  const date = new Date();
  const startLoad = os.loadavg();
  const rows: Row[] = [];

  const throughput = await section("1 client throughput (https: this client, raw undici Pool and request, SDK)", () => benchThroughput({ rounds: 7 }));
  if (throughput) rows.push(...throughputRows(throughput));

  const calls = await section("2 calls per operation (examples/basic: create, update, no-op, preview, refresh, destroy)", () =>
    benchCallsPerOperation(),
  );
  if (calls) rows.push(...callRows(calls));
  const mfaCalls = await section("2 calls per operation (examples/mfa-sms: create, update, no-op, preview --refresh, refresh, destroy)", () =>
    benchMfaCallsPerOperation(),
  );
  if (mfaCalls) rows.push(...mfaCallRows(mfaCalls), ...phoneTemplateCallRows(mfaCalls, EXAMPLE_TEMPLATES));
  const pushCredentialCalls = await section("2 calls per operation (the three push credentials: create, update, no-op, preview --refresh, refresh, destroy)", () =>
    benchPushCredentialCalls(),
  );
  if (pushCredentialCalls) rows.push(...pushCredentialCallRows(pushCredentialCalls));
  const factorSettingCalls = await section("2 calls per operation (the seven MFA settings: create, update, no-op, preview --refresh, refresh, destroy)", () =>
    benchFactorSettingCalls(),
  );
  if (factorSettingCalls) rows.push(...factorSettingCallRows(factorSettingCalls));
  const streamCalls = await section("2 calls per operation (examples/event-streams)", () => benchEventStreamCalls());
  if (streamCalls) rows.push(...eventStreamCallRows(streamCalls, EXAMPLE_STREAMS));

  const programCost = await section("3 stored provider text and the program's cost before registering", () => benchProgramCost(3));
  if (programCost) rows.push(...storedTextRows(programCost));

  const coldRounds = 5;
  const cold = await section("4 host cold start", () => benchColdStart(coldRounds));
  const profile = await section("4 load profile of the handler path", () => profileHandlerLoad());
  const perType = await section("4 handler load per resource type", () =>
    profileLoadPerType(REGISTRY.map((registered) => registered.definition.module)),
  );
  if (cold && profile && perType) rows.push(...coldStartRows(summarizeColdStart(cold), coldRounds, profile, perType));

  const streams = await section("5 getEventStreams over 10,000 streams", () => benchGetEventStreams(10_000, 3));
  if (streams) rows.push(...eventStreamRows(streams));

  const many = await section("6 up of 100 resources", () => benchManyResources(100, 3));
  if (many) rows.push(...manyResourceRows(many));

  const scale = await section("7 scale: 100 and 1,000 tickets, parallelism 8 and 64, 50 requests/s", () =>
    benchScaleMatrix((label) => progress(`7 ${label}: done`)),
  );
  if (scale) rows.push(...scaleRows(scale));

  const plugin = await section("8 native plugin start against the bare host", () => benchPluginStart(5));
  if (plugin) rows.push(...pluginStartRows(plugin));
  const yamlPreview = await section("8 the package's share of a YAML preview under the CLI: the script and the single executable", () => benchYamlPreviewCost(5));
  if (yamlPreview) rows.push(...yamlPreviewCostRows(yamlPreview));

  const checkpoints = await section("9 state: 1,000 tickets with the file backend's checkpoints, older and current texts", () =>
    benchCheckpoints(1_000, (label) => progress(`9 ${label}: done`)),
  );
  if (checkpoints) rows.push(...checkpointRows(checkpoints));

  const exported = await section("10 export of a tenant with 1,000 event streams, and the up of the exported program", () => benchExport(1_000));
  if (exported) rows.push(...exportRows(exported));

  const cliCost = await section("11 the package's share of an `up` under the CLI; the CLI's binaries", () => benchCliCost(3));
  if (cliCost) rows.push(...cliCostRows(cliCost));

  progress(`all sections done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.stdout.write(`${machineLine(startLoad, date)}\n\n${markdownTable(rows)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
