/**
 * What crosses between the engine and a provider process, by the kind of provider (§5 of the native-plugin
 * facts): the dynamic-provider host answers Configure without acceptSecrets, so the engine strips secrets from
 * what it sends and marks them again by key on what comes back; a native plugin that accepts secrets gets
 * envelopes at any depth, its Check inputs are stored as returned, and on its outputs only the step executor's
 * rules apply (additionalSecretOutputs, and a top-level secret input makes the same-key output secret).
 */
import { annotateSecrets, isSecretEnvelope, secretEnvelope, stripSecrets, type PropertyMap } from "./values";

export interface ProviderProcess {
  readonly acceptsSecrets: boolean;
}

const holdsSecret = (value: unknown): boolean => JSON.stringify(value ?? null) !== JSON.stringify(stripSecrets(value ?? null));

/** A property bag as the engine sends it to this provider. */
export function sent(provider: ProviderProcess, value: PropertyMap): PropertyMap {
  return provider.acceptsSecrets ? value : stripSecrets(value);
}

/** Check's answer as the engine stores it as the resource's inputs. */
export function checkedInputs(provider: ProviderProcess, checked: PropertyMap, news: PropertyMap): PropertyMap {
  return provider.acceptsSecrets ? checked : annotateSecrets(checked, news);
}

/** Create/Update/Read outputs as the engine stores them, `inputs` being the resource's inputs. */
export function receivedOutputs(provider: ProviderProcess, outputs: PropertyMap, inputs: PropertyMap | undefined): PropertyMap {
  if (!provider.acceptsSecrets) return annotateSecrets(outputs, inputs);
  for (const [key, input] of Object.entries(inputs ?? {})) {
    if (key in outputs && holdsSecret(input) && !isSecretEnvelope(outputs[key])) outputs[key] = secretEnvelope(outputs[key]);
  }
  return outputs;
}
