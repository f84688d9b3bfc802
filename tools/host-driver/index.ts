/** TEST TOOL — the host driver's surface (see README.md): one provider process, called one call at a time. */
export { DynamicProviderHost, HostCallError, type DiffAnswer, type DiffChanges, type HostOptions } from "./dynamicProviderHost";
export { NativePlugin, type PluginOptions } from "./nativePlugin";
