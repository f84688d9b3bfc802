/**
 * The engine's ImportStep for `pulumi import <type> <name> <id>` (pkg/resource/deploy/step.go): Read with the id
 * alone; no object means "does not exist"; then Check with the read inputs as both olds and news, whose failures
 * the engine only warns about ("almost certainly a bug in the provider"); the object is stored with the checked
 * inputs and the read outputs. Only resources of a native plugin can be imported (dynamic providers cannot).
 */
import type { Deployment } from "./deployment";
import { checkedInputs, receivedOutputs } from "./providerValues";
import { StepError } from "./steps";

export async function importOne(deployment: Deployment, type: string, name: string, id: string): Promise<void> {
  const pkg = deployment.packageOf(type);
  if (pkg === "pulumi-nodejs") throw new StepError(`${type} cannot be imported: only resources of a plugin listed in Pulumi.yaml's plugins.providers can`);
  const urn = deployment.claim(type, name, undefined);
  if (deployment.live(urn)) throw new StepError(`resource '${urn}' already exists in the stack`);
  const provider = await deployment.providerFor({ type });
  const host = await deployment.hosts.get(provider);
  const read = await host.read(id, urn, undefined);
  if (!read.id || read.noOutputs) throw new StepError(`resource '${id}' does not exist`);
  const readInputs = read.inputs ?? {};
  const checked = await host.check(urn, readInputs, readInputs);
  for (const failure of checked.failures) {
    deployment.warn(
      urn,
      `One or more imported inputs failed to validate. This is almost certainly a bug in the \`${pkg}\` provider. The import will still proceed, but you will need to edit the generated code after copying it into your program.\n${failure.property ? `${failure.property}: ` : ""}${failure.reason}`,
    );
  }
  const inputs = checkedInputs(host, checked.inputs, readInputs);
  const outputs = receivedOutputs(host, read.properties, inputs);
  deployment.upsert({ urn, type, custom: true, id: read.id, provider, inputs, outputs, dependencies: [] });
  deployment.record({ op: "import", type, name, urn, new: { inputs, outputs } });
  deployment.persist();
}
