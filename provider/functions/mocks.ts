// Under `pulumi.runtime.setMocks` (a user's unit tests) the data functions are invokes that the mocks' `call`
// answers with the token and the args as given: no settings needed, no connection opened. In a real
// program, Pulumi's engine cannot serve an invoke for a dynamic-provider package, so they call the API.
import * as pulumi from "@pulumi/pulumi";

export { mocksInUse } from "../resources/common/mocks";

/** The invoke the mocks' `call` sees, e.g. token `tenant:index:getEventStreams`. */
export function invokeThroughMocks<Result>(token: string, args: object, opts: pulumi.InvokeOptions | undefined): Promise<Result> {
  return pulumi.runtime.invoke(token, args as pulumi.Inputs, opts) as Promise<Result>;
}
