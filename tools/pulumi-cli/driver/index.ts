/** TEST TOOL — how the suites run a stack through the pinned Pulumi CLI (CONTRIBUTING.md, "How the tests run the Pulumi CLI"). */
export { PulumiCliEngine, requirePulumiCli, type ExportedStack } from "./engine";
export * from "./result";
export { describeChanges, displayedChanges, proposedChanges, type Step, type StepOp, type StepState } from "./steps";
export { SECRET_SIG, SECRET_VALUE_SIG, UNKNOWN_VALUE, isSecretEnvelope, secretEnvelope, stripSecrets, type PropertyMap, type SecretEnvelope } from "./values";
export type { StackConfig } from "../project";
