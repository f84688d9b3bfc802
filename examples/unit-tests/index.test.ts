import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";

const resources: pulumi.runtime.MockResourceArgs[] = [];
const calls: pulumi.runtime.MockCallArgs[] = [];

/** The value an Output resolves to (always known under mocks, unless a test asks for a preview). */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

let program: typeof import("./index.js");

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        resources.push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => {
        calls.push(args);
        if (args.token === "tenant:index:getEventStreams") {
          return { eventStreams: [{ id: "est_1", name: "audit-log" }] };
        }
        throw new Error(`unexpected call ${args.token}`);
      },
    },
    "my-project",
    "test",
    false,
  );
  // Load the program only once the mocks are in place.
  program = await import("./index.js");
});

describe("the tenant program", () => {
  it("selects the Guardian app for push notifications", async () => {
    expect(await valueOf(program.push.provider)).toBe("guardian");
  });

  it("enrolls alice with a one-time password", async () => {
    const ticket = resources.find((resource) => resource.name === "alice");
    expect(ticket?.type).toBe("pulumi-nodejs:dynamic/tenant:EnrollmentTicket");
    expect(ticket?.inputs).toMatchObject({ userId: "auth0|alice", factor: "otp" });
  });

  it("lists the event streams the mocks return", async () => {
    expect(await valueOf(program.streamNames)).toEqual(["audit-log"]);
    expect(calls).toEqual([expect.objectContaining({ token: "tenant:index:getEventStreams", inputs: { limit: 10 } })]);
  });
});
