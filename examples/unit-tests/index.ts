import * as tenant from "pulumi-tenant";

export const push = new tenant.PushProviderSelection("push", { provider: "guardian" });

export const ticket = new tenant.EnrollmentTicket("alice", { userId: "auth0|alice", factor: "otp" });

export const streamNames = tenant
  .getEventStreamsOutput({ limit: 10 })
  .eventStreams.apply((streams) => streams.map((stream) => stream.name));
