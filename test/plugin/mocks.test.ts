// A program of the native plugin's resources, declared as a generated SDK declares them, unit-tested under
// `pulumi.runtime.setMocks`: the mocks see each `tenant:index:*` resource, and getEventStreams is an invoke the
// mocks' `call` answers — the way users of a generated Python, Go, .NET or Java SDK test theirs.
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, expect, it } from "vitest";
import { settle } from "../functions/settle";

const resources: pulumi.runtime.MockResourceArgs[] = [];
const calls: pulumi.runtime.MockCallArgs[] = [];

let program: Record<string, pulumi.Output<unknown>>;

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        resources.push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => {
        calls.push(args);
        return { eventStreams: [{ id: "est_1" }, { id: "est_2" }] };
      },
    },
    "tenant-native",
    "dev",
    false,
  );
  pulumi.runtime.setConfig("tenant-native:smsAuthToken", "mocked-token");
  program = (await import("../support/fixtures/nativeProgram/index.js")) as unknown as Record<string, pulumi.Output<unknown>>;
});

it("the mocks see the three tenant:index resources and answer getEventStreams through call", async () => {
  expect(await settle(program.eventStreamCount)).toEqual({ known: true, value: 2 });
  // Every resource has registered once its outputs settle.
  for (const name of ["pushProvider", "phoneProviderId", "ticketUrl"]) expect((await settle(program[name])).known, name).toBe(true);
  expect(calls.map((call) => call.token)).toEqual(["tenant:index:getEventStreams"]);
  expect(resources.map((resource) => resource.type).sort()).toEqual([
    "tenant:index:EnrollmentTicket",
    "tenant:index:PhoneProvider",
    "tenant:index:PushProviderSelection",
  ]);
  expect(resources.find((resource) => resource.type === "tenant:index:PhoneProvider")?.inputs).toMatchObject({ name: "vendor_a" });
});
