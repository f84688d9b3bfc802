/**
 * `pulumi-tenant export <dir>`: settings from the environment, the folder checked, the tenant read, the project
 * planned and rendered, then written, in that order, so that any failure before the end writes nothing.
 */
import * as path from "node:path";
import { resolveEnvironmentSettings } from "../config";
import { tenantConnection, useSettings } from "../resources/tenantConnection";
import { RequestError } from "../client/errors";
import type { ExportArguments } from "./arguments";
import { CommandError } from "./commandError";
import { planExport } from "./exportPlan";
import { dependencySpec, installSource } from "./installSource";
import { checkFolder, writeFolder } from "./outputFolder";
import { programFile } from "./programFile";
import { stderrProgress } from "./progress";
import { importJson, packageFacts, packageJson, projectNameOf, pulumiYaml, tsconfigJson } from "./projectFiles";
import { exportReport } from "./report";
import { readTenant, type TenantContents } from "./tenantReader";

export async function runExport(args: ExportArguments, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const settings = resolveEnvironmentSettings(env);
  const host = new URL(settings.baseUrl).host;
  const folder = path.resolve(args.folder);
  checkFolder(folder, args.force);

  useSettings(settings);
  const progress = stderrProgress(`Reading ${host}: `);
  const started = performance.now();
  let contents: TenantContents;
  try {
    contents = await readTenant(progress);
  } catch (error) {
    progress.finish();
    if (error instanceof RequestError) throw new CommandError(`could not read the tenant ${host}: ${error.message}`);
    throw error;
  } finally {
    await (await tenantConnection().catch(() => undefined))?.client.close();
  }
  const objects = contents.kinds.reduce((sum, kind) => sum + kind.objects.length, 0);
  progress.finish(`${contents.kinds.length} resource types, ${objects} objects, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const plan = planExport(contents, args.flags);
  const facts = packageFacts();
  const source = installSource(facts.root, facts.name, facts.version);
  const spec = dependencySpec(source, folder);
  const projectName = args.name ?? projectNameOf(host);
  const files = {
    "Pulumi.yaml": pulumiYaml(projectName, host, facts),
    "package.json": packageJson(projectName, facts, spec),
    "tsconfig.json": tsconfigJson(),
    "index.ts": programFile(plan, { host, version: facts.version }),
    "import.json": importJson(plan),
  };
  writeFolder(folder, files);
  const imports = (JSON.parse(files["import.json"]) as { resources: unknown[] }).resources.length;
  return exportReport(plan, { host, folder: args.folder, files: Object.keys(files), imports, install: { name: facts.name, version: facts.version, source, spec } });
}
