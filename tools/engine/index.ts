/** TEST TOOL — the engine stand-in's public surface (see README.md). */
export { TestEngine, EngineRunError, ExpectNoChangesError, describeChanges } from "./engine";
export type { EngineOptions, RunResult, Step, StepOp, StackState, ResourceState, EngineLog } from "./engine";
export { PulumiCliEngine, createEngine, pulumiCliAvailable, type Engine } from "./cliEngine";
export { DynamicProviderHost, HostCallError, type HostOptions, type InitFailure, type DiffChanges } from "./host";
export {
  SECRET_SIG,
  SECRET_VALUE_SIG,
  UNKNOWN_VALUE,
  isSecretEnvelope,
  secretEnvelope,
  stripSecrets,
  containsSecrets,
  type SecretEnvelope,
  type PropertyMap,
} from "./values";
