/**
 * Through the native plugin (the process the CLI starts, TENANT_DEBUG=1, its log sent to an engine), a tenant whose
 * every error carries a secret (test/support/hostileTenant.ts): one no call knew, in a 500's JSON or after its field's
 * name in a 400; a webhook password inside the Basic credentials the service built; a URL-shaped header value. No
 * piece of any of them, in any encoding, reaches an error the engine gets, the engine's log or the plugin's stderr.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogRequest } from "@pulumi/pulumi/proto/engine_pb";
import { empty, engineGrpc, grpc, provider as proto } from "../../provider/plugin/protocol";
import { secretEnvelope, toStruct } from "../../provider/plugin/values";
import { assertDistIsFresh } from "../resources/dist";
import { leakedSecrets } from "../support/encodedLeaks";
import { HOOK_URL, HOSTILE_SECRETS, STATE_AWS_KEY, WEBHOOK_PASSWORD, startHostileTenant, type HostileTenant } from "../support/hostileTenant";
import { PluginProcess } from "./pluginProcess";

const SNS = "urn:pulumi:dev::tenant-yaml::tenant:index:SnsPushProvider::sns";
const STREAM = "urn:pulumi:dev::tenant-yaml::tenant:index:EventStream::audit";

const logs: string[] = [];
const errors: string[] = [];
let engineServer: InstanceType<typeof grpc.Server>;
let tenant: HostileTenant;
let plugin: PluginProcess;

beforeAll(async () => {
  assertDistIsFresh();
  engineServer = new grpc.Server();
  engineServer.addService(engineGrpc.EngineService, {
    log: (call: { request: LogRequest }, callback: (error: null, response: unknown) => void) => {
      logs.push(call.request.getMessage());
      callback(null, new empty.Empty());
    },
  } as never);
  const port = await new Promise<number>((resolve, reject) =>
    engineServer.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  tenant = await startHostileTenant();
  plugin = await PluginProcess.start({ TENANT_DEBUG: "1" }, undefined, `127.0.0.1:${port}`);
  await plugin.call(
    "configure",
    new proto.ConfigureRequest()
      .setArgs(toStruct({ domain: tenant.url, clientId: "hostile-plugin", clientSecret: secretEnvelope("Cs4Rt8-Wq2zNv6-plg"), version: "0.1.0" }))
      .setAcceptsecrets(true),
  );
});

afterAll(async () => {
  await plugin?.stop();
  await tenant?.close();
  engineServer?.forceShutdown();
});

/** The error the engine gets from a call, kept for the scan at the end. */
async function failure(method: Parameters<PluginProcess["call"]>[0], request: unknown): Promise<string> {
  const message = await plugin.call(method, request).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(message).not.toBe("");
  errors.push(message);
  return message;
}

const snsImported = { awsAccessKeyId: "AKIAHOSTILE", awsRegion: "us-east-1", schemaVersion: 1 };
/** What create found on a tenant without an SNS configuration: destroy then clears it (and the service refuses). */
const foundNone = { awsAccessKeyId: null, awsRegion: null, snsApnsPlatformApplicationArn: null, snsGcmPlatformApplicationArn: null };
const stream = (authorization: Record<string, unknown>) => ({
  name: "audit",
  subscriptions: [{ eventType: "user.created" }],
  destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: authorization } },
});

describe("SnsPushProvider: a secret the call never knew", () => {
  it("an import answered 500 with the tenant's key in its JSON", async () => {
    expect(await failure("read", new proto.ReadRequest().setId(tenant.host).setUrn(SNS))).toContain("500 Internal Server Error");
  });

  it("a refresh whose state holds another key, answered the same", async () => {
    const stored = toStruct({ ...snsImported, awsSecretAccessKey: secretEnvelope(STATE_AWS_KEY) });
    expect(await failure("read", new proto.ReadRequest().setId(tenant.host).setUrn(SNS).setProperties(stored).setInputs(stored))).toContain("500");
  });

  it("an update after an import, answered 400 quoting the key after its name", async () => {
    const request = new proto.UpdateRequest().setId(tenant.host).setUrn(SNS).setOlds(toStruct(snsImported)).setNews(toStruct({ awsAccessKeyId: "AKIANEW", awsRegion: "us-east-1" }));
    expect(await failure("update", request)).toContain("400 Bad Request: aws_secret_access_key [redacted] is not valid in us-east-1");
  });

  it("a destroy that clears what it created, refused with the key quoted: a warning in the engine's log", async () => {
    const stored = toStruct({ ...snsImported, previousConfiguration: foundNone });
    await plugin.call("delete", new proto.DeleteRequest().setId(tenant.host).setUrn(SNS).setProperties(stored));
    await expect.poll(() => logs.some((log) => log.includes("the tenant keeps the SNS credentials"))).toBe(true);
    expect(logs.find((log) => log.includes("the tenant keeps the SNS credentials"))).toContain("aws_secret_access_key=[redacted] is in use");
  });
});

describe("EventStream: a secret the call sent, quoted as the service used it", () => {
  it("a basic password given as a plain string, inside the Basic credentials the service built", async () => {
    const properties = toStruct(stream({ method: "basic", username: "deliveries", password: WEBHOOK_PASSWORD }));
    expect(await failure("create", new proto.CreateRequest().setUrn(STREAM).setProperties(properties))).toContain("the endpoint refused the credentials ");
  });

  it("a header value shaped like a URL: its host stays readable", async () => {
    const properties = toStruct(stream({ method: "custom_header", headerKey: "X-Hook-Key", headerValue: secretEnvelope(HOOK_URL) }));
    expect(await failure("create", new proto.CreateRequest().setUrn(STREAM).setProperties(properties))).toContain(
      "the endpoint refused the header value https://hooks.example.com[redacted]",
    );
  });
});

it("no piece of any secret in the errors, the engine's log (debug lines included) or the plugin's stderr", () => {
  expect(errors).toHaveLength(5);
  expect(logs.some((log) => log.startsWith("[pulumi-tenant] PATCH /api/v2/guardian/factors/push-notification/providers/sns -> 400"))).toBe(true);
  expect(leakedSecrets([...errors, ...logs, plugin.stderr].join("\n"), HOSTILE_SECRETS)).toEqual([]);
});
