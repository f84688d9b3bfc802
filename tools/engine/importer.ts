/**
 * `pulumi import` as the engine runs it (pkg/resource/deploy/import.go and ImportStep in step.go of pulumi/pulumi),
 * one resource (`<type> <name> <id>`) or every resource of an import file (importFile.ts) in one deployment:
 * no program; the providers already in the stack are loaded with their stored inputs (the import's same steps), a
 * package's default provider comes from the stack config only when the stack has none yet; a resource already in
 * the stack with the id to import is left as it is, one with another id fails. Each import step runs on the step
 * executor's workers, all at once up to `--parallel`, and after a failure no further step starts: Read with the id
 * only (an empty property map, no inputs); no properties = "does not exist", no inputs = the plugin cannot import;
 * then Check with the read inputs as olds and news, whose failures are only warnings; the resource is stored with
 * the read inputs and outputs, under the root stack; the step carries the inputs the CLI's generated code would
 * hold (importCode.ts). Only native plugins can import (pulumi/pulumi#16175).
 */
import { goTimestamp } from "./checkpointFormat";
import type { Deployment } from "./deployment";
import { checkFailureMessage } from "./diagnostics";
import { DEFAULT_PROVIDER_NAME } from "./hostPool";
import { generatedInputs, type PackageSchema } from "./importCode";
import { NativePlugin } from "./nativePlugin";
import { HostCallError, type DynamicProviderHost } from "./providerClient";
import { STACK_TYPE, type ResourceState } from "./stateStore";
import { StepError, isProviderType, makeUrn, shortType } from "./steps";

const UNIMPLEMENTED = 12;

export interface ImportOptions {
  /** Like the CLI's `--protect`: the imported resource is protected unless this is false. */
  protect?: boolean;
}

export interface ImportSpec extends ImportOptions {
  /** The resource's type token, e.g. `tenant:index:PhoneProvider`. */
  type: string;
  /** The resource's name in its URN (an import file's `logicalName`, else its `name`). */
  name: string;
  /** The provider's id of the existing object. */
  id: string;
}

export async function importResources(deployment: Deployment, imports: readonly ImportSpec[], project: string, stack: string): Promise<void> {
  const stackUrn = makeUrn(stack, project, STACK_TYPE, `${project}-${stack}`, undefined);
  const urns = new Set<string>();
  for (const spec of imports) {
    if (deployment.packageOf(spec.type) === "pulumi-nodejs") {
      throw new StepError(`${spec.type}: only a native plugin's resources can be imported (list its package in Pulumi.yaml's plugins.providers)`);
    }
    const urn = makeUrn(stack, project, spec.type, spec.name, stackUrn);
    if (urns.has(urn)) throw new StepError(`duplicate import '${spec.name}' of type '${spec.type}'`);
    urns.add(urn);
  }
  await loadStoredProviders(deployment);
  if (!deployment.live(stackUrn)) {
    // An import into a new stack creates its root stack resource, as the import deployment does (a step the
    // results here leave out, as they leave out the stack's steps of other commands).
    const now = goTimestamp();
    deployment.upsert({ urn: stackUrn, type: STACK_TYPE, custom: false, inputs: {}, outputs: {}, dependencies: [], created: now, modified: now });
  }
  const schemas = new Map<DynamicProviderHost, Promise<PackageSchema | undefined>>();
  const codeInputs = async (host: DynamicProviderHost, type: string, inputs: ResourceState["inputs"]) => {
    if (!(host instanceof NativePlugin)) return undefined;
    if (!schemas.has(host)) schemas.set(host, host.packageSchema().catch(withoutSchema));
    const schema = await schemas.get(host);
    return schema ? generatedInputs(schema, type, inputs) : undefined;
  };
  const pending: ImportSpec[] = [];
  for (const spec of imports) {
    const urn = makeUrn(stack, project, spec.type, spec.name, stackUrn);
    const old = deployment.live(urn);
    // Already in the stack with this very id: nothing to import, and the CLI's code covers it all the same.
    if (old?.id === spec.id) await recordUnchanged(deployment, old, spec.name, codeInputs);
    else pending.push(spec);
  }
  const providers = new Map<string, Promise<string>>();
  const providerOf = (spec: ImportSpec) => {
    const pkg = deployment.packageOf(spec.type);
    if (!providers.has(pkg)) providers.set(pkg, defaultProvider(deployment, spec.type, makeUrn(stack, project, `pulumi:providers:${pkg}`, DEFAULT_PROVIDER_NAME, undefined)));
    return providers.get(pkg)!;
  };
  // Every provider is registered before the first import step starts.
  for (const spec of pending) await providerOf(spec);
  const outcomes = await Promise.allSettled(
    pending.map((spec) =>
      deployment.workers.run(() => deployment.guard(`${shortType(spec.type)} '${spec.name}' (import)`, async () => importOne(deployment, spec, stackUrn, await providerOf(spec), codeInputs))),
    ),
  );
  deployment.persist();
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failure) throw failure.reason;
}

/** The import's same steps for the providers in the stack: each is loaded and configured with its stored inputs. */
async function loadStoredProviders(deployment: Deployment): Promise<void> {
  for (const resource of [...deployment.snapshot]) {
    if (!isProviderType(resource.type) || resource.delete) continue;
    await deployment.hosts.get(resource.urn).catch((error: unknown) => {
      throw new StepError(`bad provider state for resource ${resource.urn}: ${(error as Error).message}`);
    });
  }
}

/** The package's default provider: the one in the stack as it is stored, else registered from the stack config. */
async function defaultProvider(deployment: Deployment, type: string, providerUrn: string): Promise<string> {
  const stored = deployment.live(providerUrn);
  if (stored) return `${providerUrn}::${stored.id ?? ""}`;
  const reference = await deployment.providerFor({ type });
  // Registered now, as the import deployment creates it before any import step.
  await deployment.hosts.get(reference);
  return reference;
}

type CodeInputs = (host: DynamicProviderHost, type: string, inputs: ResourceState["inputs"]) => Promise<ResourceState["inputs"] | undefined>;

async function recordUnchanged(deployment: Deployment, old: ResourceState, name: string, codeInputs: CodeInputs): Promise<void> {
  const host = await deployment.hosts.get(deployment.providerOf(old));
  const generated = await codeInputs(host, old.type, old.inputs);
  const state = { inputs: old.inputs, outputs: old.outputs };
  deployment.record({ op: "same", type: shortType(old.type), name, urn: old.urn, old: state, new: state, ...(generated ? { generatedInputs: generated } : {}) });
}

async function importOne(deployment: Deployment, spec: ImportSpec, stackUrn: string, provider: string, codeInputs: CodeInputs): Promise<void> {
  const urn = deployment.claim(spec.type, spec.name, stackUrn);
  if (deployment.live(urn)) throw new StepError(`resource '${urn}' already exists`);
  const pkg = deployment.packageOf(spec.type);
  await deployment.beginStep();
  const host = await deployment.hosts.get(provider);
  // As ImportStep sends it: the id, an empty property map (always marshalled), and no inputs at all.
  const read = await host.read(spec.id, urn, {});
  if (read.noOutputs) throw new StepError(`resource '${spec.id}' does not exist`);
  if (!read.inputs) throw new StepError(`provider does not support importing resources; please try updating the '${pkg}' plugin`);
  const checked = await host.check(urn, read.inputs, read.inputs);
  if (checked.failures.length > 0) {
    deployment.warn(
      urn,
      `One or more imported inputs failed to validate. This is almost certainly a bug in the \`${pkg}\` provider. The import will still proceed, but you will need to edit the generated code after copying it into your program.`,
    );
    for (const failure of checked.failures) deployment.warn(urn, checkFailureMessage(spec.type, spec.name, read.inputs, failure));
  }
  const now = goTimestamp();
  // A planned import keeps the read inputs (Check's answer only warns); outputs are stored as the plugin sent them.
  const entry: ResourceState = {
    urn,
    type: spec.type,
    custom: true,
    parent: stackUrn,
    provider,
    id: read.id || spec.id,
    inputs: read.inputs,
    outputs: read.properties,
    dependencies: [],
    ...(spec.protect === false ? {} : { protect: true }),
    // ImportStep: the object enters the state now.
    created: now,
    modified: now,
  };
  deployment.upsert(entry);
  await deployment.endStep();
  // What the CLI then writes into the generated code for the program (pkg/importer/hcl2.go).
  const generated = await codeInputs(host, spec.type, read.inputs);
  deployment.record({
    op: "import",
    type: shortType(spec.type),
    name: spec.name,
    urn,
    new: { inputs: entry.inputs, outputs: entry.outputs },
    ...(generated ? { generatedInputs: generated } : {}),
  });
}

/** A plugin without GetSchema gets no generated code (the CLI then writes none); any other failure is one. */
function withoutSchema(error: unknown): undefined {
  if (error instanceof HostCallError && error.code === UNIMPLEMENTED) return undefined;
  throw error;
}
