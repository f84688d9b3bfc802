/**
 * examples/ci/tenant.yml, the GitHub Actions workflow users copy: its triggers, the Pulumi command each job
 * runs, that tenant credentials come only from the CI secret store, and that the README documents exactly
 * the commands the workflow runs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { z } from "zod";
import { REPO_ROOT } from "../../tools/stacks/packageLink";

const WORKFLOW_PATH = join(REPO_ROOT, "examples", "ci", "tenant.yml");
const README_PATH = join(REPO_ROOT, "README.md");
const CI_README_PATH = join(REPO_ROOT, "examples", "ci", "README.md");

const envSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional();
const stepSchema = z.object({ name: z.string().optional(), uses: z.string().optional(), run: z.string().optional(), env: envSchema });
const jobSchema = z.object({ if: z.string().optional(), env: envSchema, steps: z.array(stepSchema).min(1) });
const workflowSchema = z.object({
  on: z.object({
    pull_request: z.unknown(),
    push: z.object({ branches: z.array(z.string()) }),
    schedule: z.array(z.object({ cron: z.string() })).min(1),
  }),
  env: envSchema,
  jobs: z.object({ preview: jobSchema, deploy: jobSchema, drift: jobSchema }).catchall(jobSchema),
});
type Job = z.infer<typeof jobSchema>;
type Workflow = z.infer<typeof workflowSchema>;

const document = parseDocument(readFileSync(WORKFLOW_PATH, "utf8"));
const parsed = workflowSchema.safeParse(document.toJS());

/** The workflow, or a failure that says which part lacks the expected shape. */
function loadedWorkflow(): Workflow {
  if (!parsed.success) throw new Error(`tenant.yml lacks the expected shape:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Every `pulumi …` line a job runs, as written. */
function pulumiCommands(job: Job): string[] {
  return job.steps.flatMap((step) => (step.run ?? "").split("\n").map((line) => line.trim()).filter((line) => /^pulumi\s/.test(line)));
}

/** The job's only Pulumi command, split into words. */
function onlyPulumiCommand(job: Job): string[] {
  const commands = pulumiCommands(job);
  expect(commands).toHaveLength(1);
  return commands[0].split(/\s+/);
}

/** Every env map in the workflow (workflow, job and step level), with where it is. */
function envMaps(workflow: Workflow): [string, Record<string, unknown>][] {
  const maps: [string, Record<string, unknown>][] = [];
  if (workflow.env) maps.push(["workflow env", workflow.env]);
  for (const [jobName, job] of Object.entries(workflow.jobs)) {
    if (job.env) maps.push([`jobs.${jobName}.env`, job.env]);
    job.steps.forEach((step, index) => step.env && maps.push([`jobs.${jobName}.steps[${index}].env`, step.env]));
  }
  return maps;
}

describe("examples/ci/tenant.yml", () => {
  it("is valid YAML triggered by pull requests, pushes to main and a schedule", () => {
    expect(document.errors.map((error) => error.message)).toEqual([]);
    expect(document.warnings.map((warning) => warning.message)).toEqual([]);
    const workflow = loadedWorkflow();
    // `pull_request:` with no settings is null, so look for the key itself.
    expect(Object.keys((document.toJS() as { on: object }).on)).toEqual(expect.arrayContaining(["pull_request", "push", "schedule"]));
    expect(workflow.on.push.branches).toContain("main");
    for (const { cron } of workflow.on.schedule) expect(cron.trim().split(/\s+/)).toHaveLength(5);
  });

  it("previews on pull requests", () => {
    const { preview } = loadedWorkflow().jobs;
    expect(preview.if).toContain("pull_request");
    const command = onlyPulumiCommand(preview);
    expect(command.slice(0, 2)).toEqual(["pulumi", "preview"]);
    expect(command).not.toContain("--expect-no-changes");
  });

  it("deploys with pulumi up --yes on pushes to main", () => {
    const { deploy } = loadedWorkflow().jobs;
    expect(deploy.if).toContain("push");
    expect(deploy.if).toContain("refs/heads/main");
    const command = onlyPulumiCommand(deploy);
    expect(command.slice(0, 2)).toEqual(["pulumi", "up"]);
    expect(command).toContain("--yes");
  });

  it("checks drift on the schedule with pulumi preview --refresh --expect-no-changes", () => {
    const { drift } = loadedWorkflow().jobs;
    expect(drift.if).toContain("schedule");
    const command = onlyPulumiCommand(drift);
    expect(command.slice(0, 2)).toEqual(["pulumi", "preview"]);
    expect(command).toEqual(expect.arrayContaining(["--refresh", "--expect-no-changes"]));
  });

  it("installs dependencies and the Pulumi CLI before any pulumi command", () => {
    for (const [jobName, job] of Object.entries(loadedWorkflow().jobs)) {
      const firstPulumi = job.steps.findIndex((step) => /^\s*pulumi\s/m.test(step.run ?? ""));
      const before = job.steps.slice(0, firstPulumi);
      expect(before.some((step) => step.uses?.startsWith("actions/checkout@")), jobName).toBe(true);
      expect(before.some((step) => /\bnpm ci\b/.test(step.run ?? "")), jobName).toBe(true);
      expect(before.some((step) => step.uses?.startsWith("pulumi/actions@")), jobName).toBe(true);
    }
  });

  it("takes the tenant credentials only from the CI secret store", () => {
    const workflow = loadedWorkflow();
    const maps = envMaps(workflow);
    for (const key of ["TENANT_CLIENT_ID", "TENANT_CLIENT_SECRET"]) {
      const settings = maps.filter(([, env]) => key in env);
      expect(settings.length, `${key} is set somewhere`).toBeGreaterThan(0);
      for (const [where, env] of settings) expect(`${where}: ${String(env[key])}`).toBe(`${where}: \${{ secrets.${key} }}`);
      // Every job that runs pulumi sees it (workflow or job level).
      for (const [jobName, job] of Object.entries(workflow.jobs)) {
        if (pulumiCommands(job).length > 0) expect(key in (workflow.env ?? {}) || key in (job.env ?? {}), `${key} in ${jobName}`).toBe(true);
      }
    }
    // Anything secret-looking comes from `secrets.<same name>`, never a literal.
    for (const [where, env] of maps) {
      for (const [key, value] of Object.entries(env)) {
        if (/SECRET|PASSWORD|PASSPHRASE|TOKEN|ACCESS_KEY/.test(key)) expect(`${where}.${key}=${String(value)}`).toBe(`${where}.${key}=\${{ secrets.${key} }}`);
      }
    }
    // Nor on a command line (e.g. `pulumi config set --secret tenant:clientSecret …`).
    for (const [jobName, job] of Object.entries(workflow.jobs)) {
      for (const step of job.steps) expect(step.run ?? "", jobName).not.toMatch(/clientSecret|CLIENT_SECRET|--secret/);
    }
  });

  it("runs exactly the pulumi commands the README documents", () => {
    const commands = Object.values(loadedWorkflow().jobs).flatMap(pulumiCommands);
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const path of [README_PATH, CI_README_PATH]) {
      expect(existsSync(path), `${path} exists`).toBe(true);
      const readme = readFileSync(path, "utf8");
      const missing = commands.filter((command) => !readme.includes(command));
      expect(missing, `commands missing from ${path}`).toEqual([]);
    }
  });
});
