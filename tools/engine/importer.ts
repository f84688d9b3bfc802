/**
 * `pulumi import <type> <name> <id>` as the engine runs it (pkg/resource/deploy/import.go and ImportStep in
 * step.go of pulumi/pulumi): no program; the package's default provider from the stack config; Read with the id
 * only (an empty property map, no inputs); no properties = "does not exist", no inputs = the plugin cannot import; then
 * Check with the read inputs as olds and news, whose failures are only warnings; the resource is stored with the
 * read inputs and outputs, under the root stack; the step carries the inputs the CLI's generated code would hold
 * (importCode.ts). Only native plugins can import (pulumi/pulumi#16175).
 */
import { goTimestamp } from "./checkpointFormat";
import { checkFailureMessage } from "./diagnostics";
import { generatedInputs } from "./importCode";
import { HostCallError } from "./providerClient";
import { NativePlugin } from "./nativePlugin";

const UNIMPLEMENTED = 12;
import type { Deployment } from "./deployment";
import { STACK_TYPE, type ResourceState } from "./stateStore";
import { StepError, makeUrn, shortType } from "./steps";

export interface ImportOptions {
  /** Like the CLI's `--protect`: the imported resource is protected unless this is false. */
  protect?: boolean;
}

export interface ImportSpec extends ImportOptions {
  /** The resource's type token, e.g. `tenant:index:PhoneProvider`. */
  type: string;
  name: string;
  /** The provider's id of the existing object. */
  id: string;
}

export async function importResources(deployment: Deployment, imports: readonly ImportSpec[], project: string, stack: string): Promise<void> {
  const stackUrn = makeUrn(stack, project, STACK_TYPE, `${project}-${stack}`, undefined);
  if (!deployment.live(stackUrn)) {
    // An import into a new stack creates its root stack resource, as the import deployment does (a step the
    // results here leave out, as they leave out the stack's steps of other commands).
    const now = goTimestamp();
    deployment.upsert({ urn: stackUrn, type: STACK_TYPE, custom: false, inputs: {}, outputs: {}, dependencies: [], created: now, modified: now });
  }
  for (const spec of imports) await importOne(deployment, spec, stackUrn);
  deployment.persist();
}

async function importOne(deployment: Deployment, spec: ImportSpec, stackUrn: string): Promise<void> {
  const pkg = deployment.packageOf(spec.type);
  if (pkg === "pulumi-nodejs") {
    throw new StepError(`${spec.type}: only a native plugin's resources can be imported (list its package in Pulumi.yaml's plugins.providers)`);
  }
  const urn = deployment.claim(spec.type, spec.name, stackUrn);
  if (deployment.live(urn)) throw new StepError(`resource '${urn}' already exists`);
  const provider = await deployment.providerFor({ type: spec.type });
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
  // What the CLI then writes into the generated code for the program (pkg/importer/hcl2.go).
  const schema = host instanceof NativePlugin ? await host.packageSchema().catch(withoutSchema) : undefined;
  const generated = schema ? generatedInputs(schema, spec.type, read.inputs) : undefined;
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
