/** TEST TOOL — the host driver's surface (see README.md): one provider process, called one call at a time. */
export { HostCallError } from "./callErrors";
export { DynamicProviderHost, type HostOptions } from "./dynamicProviderHost";
export type { DiffAnswer, DiffChanges } from "./providerProcess";
export { NativePlugin, type PluginOptions } from "./nativePlugin";
