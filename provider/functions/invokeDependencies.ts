// What the Output forms of the data functions wait for besides their arguments: `opts.dependsOn`.
import * as pulumi from "@pulumi/pulumi";

/**
 * Resolves once every custom resource in `dependsOn` has its id (unknown during preview while one is yet to
 * be created). A component counts once it is registered; unlike Pulumi's own invokes, its children are not
 * awaited, since the SDK exposes no public way to enumerate them.
 */
export function dependenciesReady(dependsOn: pulumi.InvokeOutputOptions["dependsOn"]): pulumi.Output<unknown> {
  return pulumi.output(dependsOn ?? []).apply((resolved) => {
    const resources = (Array.isArray(resolved) ? resolved : [resolved]) as pulumi.Resource[];
    return pulumi.all(
      resources.map((resource) => (pulumi.CustomResource.isInstance(resource) ? resource.id : resource.urn)),
    );
  });
}
