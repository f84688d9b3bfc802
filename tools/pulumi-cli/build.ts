/**
 * The Pulumi CLI the tests, the demo and `npm run pulumi` run. The suites run the release go.mod pins, built from Go
 * modules into bin/ (git-ignored) with the hosts they need beside it, or a `pulumi` on PATH of exactly that version.
 * The demo and `npm run pulumi` are a user's commands: they take the user's `pulumi` on PATH when it is the pinned
 * release or newer, and build the pin only otherwise. `npm run pulumi-cli` builds it; `npm test` runs that first. A
 * build is reused while go.mod, go.sum, the flags, Go's version and the launchers beside it are unchanged.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { buildDoneLine, buildProgressLine, failedBuildMessage, freeBytes, missingCliMessage } from "./buildReport";
import { cliChoice, pathCliFits, type PathPolicy } from "./cliChoice";

export const CLI_DIR = __dirname;
export const BIN_DIR = path.join(CLI_DIR, "bin");
const KEY_FILE = path.join(BIN_DIR, ".build-key");
const REPO_ROOT = path.resolve(CLI_DIR, "..", "..");

/** The module cache and the build cache of one first build took 1.7 GB and 1.8 GB; the binaries 150 MB. */
const DISK_NEEDED = 5 * 1024 ** 3;
const PKG_MODULE = "github.com/pulumi/pulumi/pkg/v3";
const SDK_MODULE = "github.com/pulumi/pulumi/sdk/v3";
const YAML_MODULE = "github.com/pulumi/pulumi-yaml";
/**
 * The CLI, the YAML host, this module's stand-ins for the Python and Go hosts (see langhost/host.go), and for the
 * Node.js host the one that starts policy packs (cmd/pulumi-language-nodejs).
 */
const MAIN_PACKAGES = [
  `${PKG_MODULE}/cmd/pulumi`,
  `${YAML_MODULE}/cmd/pulumi-language-yaml`,
  "./cmd/pulumi-language-python",
  "./cmd/pulumi-language-go",
  "./cmd/pulumi-language-nodejs",
];

export interface Pins {
  pulumi: string;
  sdk: string;
  yaml: string;
}

export interface PulumiCli {
  /** The `pulumi` executable; the language hosts and launchers sit in its folder. */
  bin: string;
  version: string;
  source: "built" | "path";
  /** Why a `pulumi` on PATH was passed over, when one was. */
  passedOver?: string;
}

/** The versions go.mod requires. */
export function readPins(goMod = fs.readFileSync(path.join(CLI_DIR, "go.mod"), "utf8")): Pins {
  const version = (module: string) => {
    const match = new RegExp(`^\\s*${module.replace(/[./]/g, "\\$&")} (v\\S+)`, "m").exec(goMod);
    if (!match) throw new Error(`tools/pulumi-cli/go.mod requires no ${module}`);
    return match[1];
  };
  return { pulumi: version(PKG_MODULE), sdk: version(SDK_MODULE), yaml: version(YAML_MODULE) };
}

/** The environment every go command of the build runs with: no toolchain download, a writable module cache. */
function goEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-modcacherw", GOWORK: "off" };
}

function goVersion(): string | undefined {
  const result = spawnSync("go", ["env", "GOVERSION"], { encoding: "utf8", env: goEnv() });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function ldflags(pins: Pins): string {
  return [
    "-w -s",
    `-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=${pins.pulumi}`,
    `-X github.com/pulumi/pulumi-yaml/pkg/version.Version=${pins.yaml}`,
  ].join(" ");
}

const BUILD_TAGS = "osusergo,grpcnotrace";

function buildArgs(pins: Pins): string[] {
  return ["build", "-v", "-trimpath", "-tags", BUILD_TAGS, "-ldflags", ldflags(pins), "-o", BIN_DIR + path.sep, ...MAIN_PACKAGES];
}

/**
 * GOFLAGS with the flags every package of the CLI is compiled with: a Go program built with them, at the module
 * versions of this module (`cliModuleVersions`), finds most of its packages in Go's cache, compiled by this build.
 */
export const CLI_COMPILE_GOFLAGS = `-trimpath -tags=${BUILD_TAGS}`;

/** The version of each module this module's build selects (`go list -m all`), by module path. */
export function cliModuleVersions(): Map<string, string> {
  const listed = spawnSync("go", ["list", "-m", "all"], { cwd: CLI_DIR, encoding: "utf8", env: goEnv(), maxBuffer: 16 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`go list -m all in tools/pulumi-cli failed: ${listed.stderr}`);
  const pairs = listed.stdout.split("\n").map((line) => line.trim().split(/\s+/));
  return new Map(pairs.filter(([module, version]) => module && version).map(([module, version]) => [module, version]));
}

/** The dynamic-provider launcher ships with the program's SDK: the repository's own @pulumi/pulumi. */
function nodejsLauncherSource(): string {
  return path.join(path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [REPO_ROOT] })), "pulumi-resource-pulumi-nodejs");
}

/**
 * What a build is reused by: go.mod and go.sum (the pins), the build's flags, Go's version, the launcher it copies and
 * this module's own Go code. `read` gives a file of this folder (a test gives a go.mod with another pin).
 */
export function buildKey(pins: Pins, go: string, read: (file: string) => Buffer | string = (file) => fs.readFileSync(path.join(CLI_DIR, file))): string {
  const hash = createHash("sha256");
  for (const file of ["go.mod", "go.sum"]) hash.update(read(file));
  hash.update(JSON.stringify(buildArgs(pins))).update(go).update(fs.readFileSync(nodejsLauncherSource()));
  // This module's own Go code (the stand-in hosts) is part of what is built.
  // By path within this folder: the same build is current in any checkout (a copy of bin/ included).
  for (const file of ownGoFiles()) hash.update(path.relative(CLI_DIR, file)).update(fs.readFileSync(file));
  return hash.digest("hex");
}

function ownGoFiles(dir = CLI_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== "bin")
    .flatMap((entry) => (entry.isDirectory() ? ownGoFiles(path.join(dir, entry.name)) : entry.name.endsWith(".go") ? [path.join(dir, entry.name)] : []))
    .sort();
}

const EXECUTABLES = [
  "pulumi",
  "pulumi-language-yaml",
  "pulumi-language-python",
  "pulumi-language-go",
  "pulumi-language-nodejs",
  "pulumi-resource-pulumi-nodejs",
  "pulumi-language-python-exec",
];

function builtCliIsCurrent(pins: Pins, go: string | undefined): boolean {
  if (!EXECUTABLES.every((name) => fs.existsSync(path.join(BIN_DIR, name)))) return false;
  if (!fs.existsSync(KEY_FILE)) return false;
  return recordedBuildIsCurrent(fs.readFileSync(KEY_FILE, "utf8"), pins, go === undefined ? undefined : buildKey(pins, go));
}

/**
 * Whether the build a key file records (its key, then the release) is the one wanted: the same key; without Go the key
 * cannot be recomputed (`key` undefined), and a build of the pinned release is still it.
 */
export function recordedBuildIsCurrent(keyFile: string, pins: Pins, key: string | undefined): boolean {
  const [recordedKey, recordedRelease] = keyFile.split("\n");
  return key === undefined ? recordedRelease === pins.pulumi : recordedKey === key;
}

/** What every command of a stack needs beside `pulumi` (a release ships it there): the dynamic-provider launcher. */
const NEEDED_BESIDE = "pulumi-resource-pulumi-nodejs";

/**
 * Set while the `pulumi` on PATH is asked its version. A `pulumi` that is this repository's runner under another name
 * (a script that runs tools/pulumi-cli/pulumi.ts, as a test puts on PATH) exits at once with `RUNNER_PROBE_EXIT`
 * instead of looking on PATH itself, which would ask itself again without end.
 */
export const RUNNER_PROBE = "PULUMI_TENANT_RUNNER_PROBE";
export const RUNNER_PROBE_EXIT = 86;

/**
 * The `pulumi` on PATH (not this folder's, not this repository's runner), the version it reports, and whether the
 * launcher sits beside it, if there is one that runs.
 */
function pulumiOnPath(): { bin: string; version: string; complete: boolean } | undefined {
  const which = spawnSync("sh", ["-c", "command -v pulumi"], { encoding: "utf8" });
  const found = which.status === 0 ? which.stdout.trim() : "";
  if (!found || path.resolve(path.dirname(found)) === BIN_DIR) return undefined;
  const version = spawnSync(found, ["version"], { encoding: "utf8", env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true", [RUNNER_PROBE]: "1" } });
  if (version.status !== 0) return undefined;
  const bin = fs.realpathSync(found);
  return { bin, version: version.stdout.trim(), complete: fs.existsSync(path.join(path.dirname(bin), NEEDED_BESIDE)) };
}

/** Why a `pulumi` on PATH is not taken, or undefined when it is. */
function pathCliRefusal(onPath: { bin: string; version: string; complete: boolean }, pin: string, policy: PathPolicy): string | undefined {
  if (!pathCliFits(onPath.version, pin, policy)) {
    return `the pulumi on PATH (${onPath.bin}) is ${onPath.version || "of no version"}, not ${policy === "pinned" ? "" : "at least "}${pin}`;
  }
  return onPath.complete ? undefined : `the pulumi on PATH (${onPath.bin}, ${onPath.version}) has no ${NEEDED_BESIDE} beside it, as a release has`;
}

/** The CLI when one is ready (a current build, or the pinned release on PATH), without building: what the suites run. */
export function locatePulumiCli(): PulumiCli | undefined {
  const pins = readPins();
  if (builtCliIsCurrent(pins, goVersion())) return { bin: path.join(BIN_DIR, "pulumi"), version: pins.pulumi, source: "built" };
  const onPath = pulumiOnPath();
  return onPath && !pathCliRefusal(onPath, pins.pulumi, "pinned") ? { bin: onPath.bin, version: onPath.version, source: "path" } : undefined;
}

export class PulumiCliUnavailableError extends Error {}

/** The CLI, building it first when Go is here and no CLI the policy takes is. */
export async function ensurePulumiCli(
  log: (line: string) => void = (line) => process.stderr.write(line + "\n"),
  policy: PathPolicy = "pinned",
): Promise<PulumiCli> {
  const pins = readPins();
  const go = goVersion();
  const currentBuild = builtCliIsCurrent(pins, go);
  const onPath = policy === "pinned" && currentBuild ? undefined : pulumiOnPath();
  const passedOver = onPath && pathCliRefusal(onPath, pins.pulumi, policy);
  const pathFits = onPath !== undefined && !passedOver;
  const built: PulumiCli = { bin: path.join(BIN_DIR, "pulumi"), version: pins.pulumi, source: "built", ...(passedOver ? { passedOver } : {}) };
  switch (cliChoice({ policy, currentBuild, pathFits, go: go !== undefined })) {
    case "path":
      return { bin: onPath!.bin, version: onPath!.version, source: "path" };
    case "built":
      return built;
    case "missing":
      throw new PulumiCliUnavailableError(`${missingCliMessage(pins.pulumi, policy)}${passedOver ? ` (${passedOver}.)` : ""}`);
    case "build":
      if (passedOver) log(`${passedOver}: building the pinned release`);
      await build(pins, go!, log);
      return built;
  }
}

/** The line that says which CLI a command runs. */
export function describeCli(cli: PulumiCli): string {
  const where = cli.source === "path" ? `on PATH: ${cli.bin}` : `built here from Go modules: ${path.relative(process.cwd(), cli.bin) || cli.bin}`;
  return `pulumi CLI ${cli.version} (${where})${cli.passedOver ? `; ${cli.passedOver}` : ""}`;
}

async function build(pins: Pins, go: string, log: (line: string) => void): Promise<void> {
  if (pins.sdk !== pins.pulumi) {
    throw new Error(`tools/pulumi-cli/go.mod requires ${SDK_MODULE} ${pins.sdk} but ${PKG_MODULE} ${pins.pulumi}: something lifted one above the pin; set both to the release`);
  }
  const modCache = spawnSync("go", ["env", "GOMODCACHE"], { encoding: "utf8", env: goEnv() }).stdout.trim();
  const free = freeBytes(modCache);
  if (free !== undefined && free < DISK_NEEDED) {
    throw new Error(`building the Pulumi CLI ${pins.pulumi} needs about 5 GB of free disk for Go's caches; ${(free / 1024 ** 3).toFixed(1)} GB are free where ${modCache} is`);
  }
  const started = Date.now();
  log(`pulumi CLI ${pins.pulumi}: building from Go modules with ${go} (pulumi-yaml ${pins.yaml}); the first build downloads about 1.7 GB and takes minutes`);
  await runGo(["mod", "download"], pins, () => undefined);
  const total = spawnSync("go", ["list", "-deps", ...MAIN_PACKAGES], { cwd: CLI_DIR, encoding: "utf8", env: goEnv(), maxBuffer: 64 * 1024 * 1024 }).stdout.split("\n").filter(Boolean).length;
  let compiled = 0;
  let lastReport = Date.now();
  fs.mkdirSync(BIN_DIR, { recursive: true });
  fs.rmSync(KEY_FILE, { force: true });
  await runGo(buildArgs(pins), pins, (line) => {
    if (!line.startsWith("#")) compiled++;
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      log(buildProgressLine(pins.pulumi, compiled, total, Date.now() - started));
    }
  });
  log(buildDoneLine(pins.pulumi, compiled, total, Date.now() - started));
  installBeside(pins);
  fs.writeFileSync(KEY_FILE, `${buildKey(pins, go)}\n${pins.pulumi}\n`);
  log(`pulumi CLI ${pins.pulumi}: built in ${Math.round((Date.now() - started) / 1000)} s into ${path.relative(REPO_ROOT, BIN_DIR)}/`);
}

/** What the CLI looks for beside its binary: the dynamic-provider launcher and the Python program runner. */
function installBeside(pins: Pins): void {
  const sdkDir = spawnSync("go", ["list", "-m", "-f", "{{.Dir}}", SDK_MODULE], { cwd: CLI_DIR, encoding: "utf8", env: goEnv() }).stdout.trim();
  const copies: Array<[string, string]> = [
    [nodejsLauncherSource(), "pulumi-resource-pulumi-nodejs"],
    // The module cache drops exec bits: chmod below.
    [path.join(sdkDir, "python", "cmd", "pulumi-language-python-exec"), "pulumi-language-python-exec"],
  ];
  for (const [from, name] of copies) {
    if (!fs.existsSync(from)) throw new Error(`pulumi CLI ${pins.pulumi}: ${from} is missing, so ${name} cannot sit beside the CLI`);
    fs.copyFileSync(from, path.join(BIN_DIR, name));
    fs.chmodSync(path.join(BIN_DIR, name), 0o755);
  }
}

function runGo(args: string[], pins: Pins, onStderrLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("go", args, { cwd: CLI_DIR, env: goEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let partial = "";
    const collect = (text: string) => {
      output = (output + text).slice(-64 * 1024);
    };
    child.stdout.setEncoding("utf8").on("data", collect);
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      collect(text);
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      lines.forEach(onStderrLine);
    });
    child.once("error", (error) => reject(new Error(`go ${args[0]}: ${error.message}`)));
    child.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(failedBuildMessage(pins, `go ${args[0]}`, code, output)));
    });
  });
}

if (require.main === module) {
  ensurePulumiCli().then(
    (cli) => process.stdout.write(`${describeCli(cli)}\n`),
    (error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(error instanceof PulumiCliUnavailableError ? 2 : 1);
    },
  );
}
