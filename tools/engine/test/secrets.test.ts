/**
 * Secrets, explicit providers and reads through the engine stand-in, as the Pulumi engine handles them: the host
 * gets plain values (acceptSecrets=false), results are re-marked secret (same key, additionalSecretOutputs), state
 * holds ciphertext only, each explicit `pulumi-nodejs` provider runs in its own host configured with its inputs,
 * and Resource.get reads an existing object through the host without ever owning it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SECRET_SIG, isSecretEnvelope } from "../values";
import { WidgetStack, type WidgetSpec } from "./fixtures/widgetStack";

const PASSWORD = "SENTINEL-password-7f3a9c";
const API_KEY = "SENTINEL-api-key-41d0be";
const EXTERNAL_TOKEN = "SENTINEL-external-token-5be2";
const stack = new WidgetStack();
afterAll(() => stack.cleanup());
// An object made outside this stack, for Widget.get.
stack.changeRemote((remote) => {
  remote.objects["w-77"] = { label: "made elsewhere", size: 2, kind: "plain", token: EXTERNAL_TOKEN, version: 4, configLabel: null, hostPid: 0 };
});

const spec: WidgetSpec = {
  providers: { eu: { label: "eu-provider", apiKey: API_KEY } },
  widgets: [
    { name: "plain", label: "on the default provider", password: PASSWORD },
    { name: "regional", label: "on the eu provider", provider: "eu" },
    { name: "found", get: "w-77" },
  ],
};

describe.sequential("secrets, explicit providers and reads", () => {
  let tokens: Record<string, string> = {};

  it("up keeps secret inputs and additionalSecretOutputs out of state and logs, yet round-trips them", async () => {
    const result = await stack.engine(spec).up();
    tokens = Object.fromEntries(Object.entries(stack.remote().objects).map(([id, object]) => [id, object.token]));
    const raw = await stack.engine(spec).rawState();
    expect(Object.values(tokens)).toContain(EXTERNAL_TOKEN);
    expect(Object.fromEntries(result.steps.map((step) => [step.name, step.op]))).toEqual({ eu: "create", plain: "create", regional: "create", found: "read" });
    const sentinels = [PASSWORD, API_KEY, ...Object.values(tokens)];
    for (const sentinel of sentinels) {
      expect(raw).not.toContain(sentinel);
      expect(result.hostOutput).not.toContain(sentinel);
      expect(result.programOutput).not.toContain(sentinel);
    }
    expect(raw).toContain('"ciphertext":"v1:');

    const state = await stack.engine(spec).readState();
    const plain = state.resources.find((resource) => resource.urn.endsWith("::plain"))!;
    expect(plain.inputs.password).toEqual({ [SECRET_SIG]: expect.any(String), value: PASSWORD });
    expect(plain.outputs.password).toEqual({ [SECRET_SIG]: expect.any(String), value: PASSWORD });
    expect(isSecretEnvelope(plain.outputs.token)).toBe(true);
    expect((plain.outputs.token as { value: unknown }).value).toBe(tokens[plain.id!]);
    expect(plain.outputs.label).toBe("on the default provider"); // not secret
    // The stack output built from the secret tokens stays secret.
    expect(isSecretEnvelope(result.outputs.tokens)).toBe(true);
  });

  it("the host received plain values, never secret envelopes (acceptSecrets=false)", () => {
    const remote = stack.remote();
    const received = JSON.stringify(remote.calls) + JSON.stringify(remote.configures);
    expect(received).not.toContain(SECRET_SIG);
    const create = remote.calls.find((call) => call.method === "create" && (call.args.inputs as { label: string }).label === "on the default provider");
    expect((create?.args.inputs as { password: unknown }).password).toBe(PASSWORD);
    expect(remote.configures.some((configure) => configure.apiKey === API_KEY)).toBe(true);
  });

  it("an explicit provider gets its own host, configured with its inputs", async () => {
    const state = await stack.engine(spec).readState();
    const byName = (name: string) => state.resources.find((resource) => resource.urn.endsWith(`::${name}`))!;
    expect(byName("plain").outputs.configLabel).toBe("stack-config-label");
    expect(byName("regional").outputs.configLabel).toBe("eu-provider");
    expect(byName("regional").outputs.hostPid).not.toBe(byName("plain").outputs.hostPid);
    const provider = byName("eu");
    expect(provider.type).toBe("pulumi:providers:pulumi-nodejs");
    expect(byName("regional").provider).toMatch(new RegExp(`^${provider.urn}::`));
    expect(provider.inputs["widget:apiKey"]).toEqual({ [SECRET_SIG]: expect.any(String), value: API_KEY });
  });

  it("Resource.get reads the existing object through the host and records it as external", async () => {
    const state = await stack.engine(spec).readState();
    const found = state.resources.find((resource) => resource.urn.endsWith("::found"))!;
    expect(found).toMatchObject({ id: "w-77", external: true, outputs: { label: "made elsewhere", version: 4 } });
    expect(isSecretEnvelope(found.outputs.token)).toBe(true);
    const read = stack.remote().calls.find((call) => call.method === "read");
    expect(read?.args.id).toBe("w-77");
  });

  it("refresh re-marks secrets, so state stays encrypted", async () => {
    const result = await stack.engine(spec).refresh();
    expect(result.steps.map((step) => `${step.op} ${step.name}`).sort()).toEqual(["refresh-same found", "refresh-same plain", "refresh-same regional"]);
    const raw = await stack.engine(spec).rawState();
    for (const sentinel of [PASSWORD, ...Object.values(tokens)]) expect(raw).not.toContain(sentinel);
  });

  it("destroy deletes each widget through its own provider's host, then the provider", async () => {
    const before = stack.callCount();
    const result = await stack.engine(spec).destroy();
    expect(result.steps.map((step) => `${step.op} ${step.name}`).sort()).toEqual(["delete eu", "delete plain", "delete regional"]);
    const ops = result.steps.map((step) => step.name);
    expect(ops.indexOf("regional")).toBeLessThan(ops.indexOf("eu"));
    const deletes = stack.callsSince(before).filter((call) => call.method === "delete");
    expect(new Set(deletes.map((call) => call.pid)).size).toBe(2);
    // The engine never deletes what it only read.
    expect(Object.keys(stack.remote().objects)).toEqual(["w-77"]);
  });
});
