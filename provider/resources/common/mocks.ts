// Under `pulumi.runtime.setMocks` (a user's unit tests) nothing reaches a tenant: resources and data functions answer
// from the mocks, so no connection setting is needed.
import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";

/** True when the program's resource monitor is the one `pulumi.runtime.setMocks` installed. */
export function mocksInUse(): boolean {
  return pulumi.runtime.getMonitor() instanceof MockMonitor;
}
