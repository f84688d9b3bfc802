/**
 * `pulumi-resource-tenant` as one self-contained file: the built plugin (dist/plugin/main.js) bundled with esbuild
 * into one CommonJS script, @pulumi/pulumi's gRPC stubs, grpc-js, google-protobuf, zod and undici included, then
 * made a Node.js single executable application (https://nodejs.org/api/single-executable-applications.html): a
 * preparation blob from `node --experimental-sea-config`, injected with postject into a copy of the `node` that runs
 * this build. The executable therefore carries that node's platform and version: each platform's is built on a
 * machine of that platform (the release workflow's runners). package.json and dist/schema.json go in as assets
 * (provider/plugin/packageFiles.ts reads them there).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { builtinModules } from "node:module";
import * as path from "node:path";
import * as esbuild from "esbuild";
import { SEA_ASSETS } from "../../provider/plugin/packageFiles";
import { REPO_ROOT } from "../stacks/packageLink";
import { executableName, type Platform } from "./platform";

/** The fuse Node's binary carries for the injected blob (the same in every Node build with SEA). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

export interface ExecutableBuild {
  file: string;
  /** The bundled script's size, for the build's report. */
  bundleBytes: number;
}

type Inject = (file: string, resource: string, data: Buffer, options: { sentinelFuse: string; machoSegmentName?: string }) => Promise<void>;

/** Bundles dist/plugin/main.js; every require but Node's built-ins must be inside, as a SEA's `require` has only those. */
async function bundlePlugin(outfile: string): Promise<number> {
  const result = await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: ["dist/plugin/main.js"],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    logLevel: "warning",
    // protocol.ts resolves @pulumi/pulumi's folder only outside an executable; inside, its bundled requires serve.
    logOverride: { "require-resolve-not-external": "silent" },
    metafile: true,
  });
  const external = Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    // A require.resolve loads nothing (protocol.ts's, for outside an executable).
    .filter((entry) => entry.external && entry.kind !== "require-resolve" && !entry.path.startsWith("node:") && !isBuiltin(entry.path));
  if (external.length > 0) throw new Error(`the plugin's bundle left out ${external.map((entry) => entry.path).join(", ")}: a single executable cannot load them`);
  return fs.statSync(outfile).size;
}

const isBuiltin = (name: string): boolean => builtinModules.includes(name);

export interface ExecutableOptions {
  /**
   * V8's compiled code of the bundle stored in the blob, so the start skips most of the compile (default; the bench
   * builds one without it to measure what it is worth).
   */
  useCodeCache?: boolean;
}

/** Builds the executable into `outDir` for this machine's platform (dist/ must be built). */
export async function buildExecutable(outDirGiven: string, platform: Platform, workGiven: string, options: ExecutableOptions = {}): Promise<ExecutableBuild> {
  const [outDir, work] = [path.resolve(outDirGiven), path.resolve(workGiven)];
  for (const built of ["dist/plugin/main.js", "dist/schema.json"]) {
    if (!fs.existsSync(path.join(REPO_ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  fs.mkdirSync(work, { recursive: true });
  fs.mkdirSync(outDir, { recursive: true });
  const bundle = path.join(work, "plugin.js");
  const bundleBytes = await bundlePlugin(bundle);

  const blob = path.join(work, "sea-prep.blob");
  const config = path.join(work, "sea-config.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: options.useCodeCache ?? true,
      assets: { [SEA_ASSETS.packageJson]: path.join(REPO_ROOT, "package.json"), [SEA_ASSETS.schema]: path.join(REPO_ROOT, "dist", "schema.json") },
    }),
  );
  execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: ["ignore", "pipe", "pipe"] });

  const file = path.join(outDir, executableName(platform));
  fs.rmSync(file, { force: true });
  fs.copyFileSync(process.execPath, file);
  fs.chmodSync(file, 0o755);
  // macOS: node is signed; the signature must go before the injection and a new (ad hoc) one come after it.
  if (platform.os === "darwin") execFileSync("codesign", ["--remove-signature", file]);
  // postject ships no types.
  const { inject } = require("postject") as { inject: Inject };
  await withoutLiefNoteWarnings(() =>
    inject(file, "NODE_SEA_BLOB", fs.readFileSync(blob), { sentinelFuse: SEA_FUSE, ...(platform.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}) }),
  );
  if (platform.os === "darwin") execFileSync("codesign", ["--sign", "-", file]);
  return { file, bundleBytes };
}

/**
 * postject's LIEF warns once per note section of node's ELF ("Can't find string offset for section name
 * '.note.100'"), harmlessly (nodejs/postject#83, lief-project/LIEF#816); its module binds console.warn when
 * inject creates it, so a filter for the call's length hides those lines and lets any other through.
 */
async function withoutLiefNoteWarnings<T>(run: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("warning: Can't find string offset for section name")) return;
    warn(...args);
  };
  try {
    return await run();
  } finally {
    console.warn = warn;
  }
}
