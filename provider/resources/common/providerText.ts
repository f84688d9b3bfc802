/**
 * What a resource of this package stores in state for the dynamic-provider host. The host evaluates the
 * resource's `__provider` text with `require-from-string`, calls its `handler()` and caches the provider by
 * text (`@pulumi/pulumi`'s cmd/dynamic-provider). Ours returns the resource's handler module, loaded by package
 * name: ~100 bytes per resource instead of a serialized closure, and nothing parsed in the program to make it.
 *
 * FROZEN from a resource's first release: every state holds its text, so neither the text nor the path it
 * requires (`dist/resources/<module>/handler`) may ever change. Older texts (the serialized shims of earlier
 * versions) keep working because those handler paths stay too.
 */

/** The token `dynamic.Resource` would register for a resource of module "tenant". */
export function dynamicResourceType(name: string): string {
  return `pulumi-nodejs:dynamic/tenant:${name}`;
}

/** The `__provider` text of the resource whose handler lives in `dist/resources/<module>/handler`. */
export function providerText(module: string): string {
  return `exports.handler = function () { return require("pulumi-tenant/dist/resources/${module}/handler"); };`;
}
