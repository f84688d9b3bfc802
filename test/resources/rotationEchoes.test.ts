// A rotation touches two secrets: the new one the program gives and the old one the state holds. A service that
// refuses the update quoting the OLD secret (raw, URL-encoded, base64, in Basic credentials) shows none of it, in any
// resource that has a secret, through the dynamic handlers and through the native plugin; the new one neither.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider as proto } from "../../provider/plugin/protocol";
import { secretEnvelope, toStruct } from "../../provider/plugin/values";
import { REGISTRY } from "../../provider/resources/registry";
import { PluginProcess } from "../plugin/pluginProcess";
import { leakedSecrets } from "../support/encodedLeaks";
import { assertDistIsFresh } from "./dist";
import { blankTenantEnv, configureRequest, rejectionOf } from "./harness";

const OLD = "Qz+7uW/kO=mB%eL-4Kp9";
const NEW = "Hy3+Tn/dR=cX%aJ-8Vb2";
/** The certificate is the base64 of its bytes: that text is the secret the program and the state hold. */
const OLD_P12 = Buffer.from(OLD).toString("base64");
const NEW_P12 = Buffer.from(NEW).toString("base64");

/** The old secret the tenant quotes in its refusals (the one the state holds). */
let quoted = OLD;

/** Every write is refused, quoting the old secret the way a service might: raw, encoded, and as Basic credentials. */
function startRefusingTenant(): Promise<Server> {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url?.startsWith("/oauth/token")) return reply(200, { access_token: "at-rotation", expires_in: 3600, token_type: "Bearer" });
    const basic = Buffer.from(`user:${quoted}`).toString("base64");
    reply(409, { statusCode: 409, error: "Conflict", message: `still in use: ${quoted} (${encodeURIComponent(quoted)}), Basic ${basic}` });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const webhook = (token: string) => ({
  name: "audit",
  subscriptions: [{ eventType: "user.created" }],
  status: "enabled",
  destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: { method: "bearer", token } } },
});

interface Rotation {
  /** The resource's id ("" for a tenant singleton, whose id is the tenant's domain). */
  id: string;
  /** Inputs holding a secret (its state holds the same, as create left it). */
  inputs: (secret: string) => Record<string, unknown>;
  old: string;
  new: string;
}

const plainRotation = (id: string, inputs: (secret: string) => Record<string, unknown>): Rotation => ({ id, inputs, old: OLD, new: NEW });

/** Per resource with a secret. */
const ROTATIONS: Record<string, Rotation> = {
  eventStream: plainRotation("est_jmj7QpymGFqmysiCpWAcZe", webhook),
  phoneProvider: plainRotation("pro_3UzyS4veHQLMTCt3EzXgTt", (secret) => ({ name: "custom", credentials: { authToken: secret }, disabled: false })),
  snsPushProvider: plainRotation("", (secret) => ({ awsAccessKeyId: "AKIAROTATION", awsSecretAccessKey: secret, awsRegion: "us-east-1" })),
  apnsPushProvider: { id: "", inputs: (p12) => ({ bundleId: "com.example.app", sandbox: false, p12 }), old: OLD_P12, new: NEW_P12 },
  fcmPushProvider: plainRotation("", (secret) => ({ serverCredentials: JSON.stringify({ private_key: secret }) })),
};

/** Sends the rotation's update, the tenant quoting the old secret; the error the user would read. */
async function refusedUpdate(rotation: Rotation, update: (id: string, olds: Record<string, unknown>, news: Record<string, unknown>) => Promise<string>): Promise<string> {
  quoted = rotation.old;
  const message = await update(rotation.id || host, { ...rotation.inputs(rotation.old), schemaVersion: 1 }, rotation.inputs(rotation.new));
  expect(message).toMatch(/409/);
  expect(leakedSecrets(message, { "the old secret": rotation.old, "the new secret": rotation.new })).toEqual([]);
  return message;
}

let server: Server;
let url: string;
let host: string;

beforeAll(async () => {
  blankTenantEnv();
  server = await startRefusingTenant();
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("through the dynamic handlers", () => {
  it.each(Object.keys(ROTATIONS))("%s: an update refused quoting the old secret shows neither", async (module) => {
    const handler = await REGISTRY.find((entry) => entry.definition.module === module)!.handler();
    await handler.configure(configureRequest({ "tenant:domain": url, "tenant:clientId": "rotation", "tenant:clientSecret": "Cs-rotation-8Hq2" }));
    await refusedUpdate(ROTATIONS[module], async (id, olds, news) => (await rejectionOf(handler.update(id, olds, news))).message);
  });
});

describe("through the native plugin", () => {
  let plugin: PluginProcess;
  beforeAll(async () => {
    assertDistIsFresh();
    plugin = await PluginProcess.start({});
    await plugin.call(
      "configure",
      new proto.ConfigureRequest().setArgs(toStruct({ domain: url, clientId: "rotation", clientSecret: secretEnvelope("Cs-rotation-8Hq2"), version: "0.1.0" })).setAcceptsecrets(true),
    );
  });
  afterAll(() => plugin?.stop());

  it.each(Object.keys(ROTATIONS))("%s: an update refused quoting the old secret shows neither", async (module) => {
    const { name } = REGISTRY.find((entry) => entry.definition.module === module)!.definition;
    await refusedUpdate(ROTATIONS[module], (id, olds, news) => {
      const request = new proto.UpdateRequest()
        .setUrn(`urn:pulumi:dev::rotation::tenant:index:${name}::r`)
        .setType(`tenant:index:${name}`)
        .setId(id)
        .setOlds(toStruct(olds))
        .setNews(toStruct(news));
      return plugin.call("update", request).then(
        () => "",
        (error: Error) => error.message,
      );
    });
  });
});
