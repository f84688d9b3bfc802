/** TEST TOOL — the engine stand-in's public surface (see README.md). */
export { TestEngine, EngineRunError, ExpectNoChangesError, describeChanges, proposedChanges } from "./testEngine";
export type { EngineOptions, CommandOptions, UpdateOptions, RunResult, Step, StepOp, StepState, StackState, ResourceState, EngineLog } from "./testEngine";
export { displayedChanges } from "./steps";
export type { ImportOptions, ImportSpec } from "./importer";
export { ImportFileError } from "./importFile";
export { resolveParallelism } from "./scheduler";
export { PulumiCliEngine, createEngine, requirePulumiCli, wantsStandIn, type Engine } from "./pulumiCliEngine";
export { NativePlugin, type PluginOptions } from "./nativePlugin";
export { DynamicProviderHost, HostCallError, type HostOptions, type InitFailure, type DiffChanges } from "./providerClient";
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
