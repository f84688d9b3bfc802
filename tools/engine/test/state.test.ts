/** Unit tests of the stand-in's engine rules: secret annotation, ordering, URNs, and the encrypted state file. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IncorrectPassphraseError } from "../crypto";
import { StateStore, type ResourceState } from "../stateStore";
import { changedKeys, makeUrn, reverseDependencyOrder } from "../steps";
import { annotateSecrets, isSecretEnvelope, markSecretKeys, secretEnvelope, stripSecrets } from "../values";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "engine-state-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("secret rules", () => {
  it("annotateSecrets re-marks same-key results, recursing into objects, arrays as a whole", () => {
    const ins = {
      password: secretEnvelope("p"),
      nested: { token: secretEnvelope("t"), name: "n" },
      list: ["a", secretEnvelope("b")],
      plain: "x",
    };
    const outs = annotateSecrets({ password: "p", nested: { token: "t", name: "n", extra: 1 }, list: ["a", "b"], plain: "x", other: "p" }, ins);
    expect(outs).toEqual({
      password: secretEnvelope("p"),
      nested: { token: secretEnvelope("t"), name: "n", extra: 1 },
      list: secretEnvelope(["a", "b"]),
      plain: "x",
      other: "p", // a different key is not re-marked: copying a secret elsewhere leaks it, as in the engine
    });
  });

  it("stripSecrets removes every envelope; markSecretKeys applies additionalSecretOutputs", () => {
    expect(stripSecrets({ a: secretEnvelope({ b: secretEnvelope(1) }), c: [secretEnvelope(2)] })).toEqual({ a: { b: 1 }, c: [2] });
    const outs = markSecretKeys({ token: "t", id: "i" }, ["token", "missing"]);
    expect(isSecretEnvelope(outs.token)).toBe(true);
    expect(outs).not.toHaveProperty("missing");
  });

  it("changedKeys compares secrets by value", () => {
    expect(changedKeys({ a: secretEnvelope("x"), b: 1 }, { a: "x", b: 2 })).toEqual(["b"]);
  });
});

describe("URNs and ordering", () => {
  it("children of the stack are unqualified; children of components carry the parent type", () => {
    const stack = makeUrn("dev", "p", "pulumi:pulumi:Stack", "p-dev", undefined);
    expect(makeUrn("dev", "p", "pulumi-nodejs:dynamic/t:W", "w", stack)).toBe("urn:pulumi:dev::p::pulumi-nodejs:dynamic/t:W::w");
    const component = makeUrn("dev", "p", "my:Comp", "c", stack);
    expect(makeUrn("dev", "p", "pulumi-nodejs:dynamic/t:W", "w", component)).toBe("urn:pulumi:dev::p::my:Comp$pulumi-nodejs:dynamic/t:W::w");
  });

  it("reverseDependencyOrder puts dependents, children and provider users first", () => {
    const resource = (urn: string, extra: Partial<ResourceState> = {}): ResourceState => ({
      urn,
      type: "t",
      custom: true,
      inputs: {},
      outputs: {},
      dependencies: [],
      ...extra,
    });
    const urn = (name: string, type = "t:m:R") => `urn:pulumi:dev::p::${type}::${name}`;
    const provider = resource(urn("prov", "pulumi:providers:pulumi-nodejs"));
    const a = resource(urn("a"));
    const b = resource(urn("b"), { dependencies: [urn("a")] });
    const child = resource(urn("child"), { parent: urn("b") });
    // A provider reference is the provider's URN and id.
    const user = resource(urn("user"), { provider: `${provider.urn}::1234` });
    const order = reverseDependencyOrder([child, user, provider, a, b]).map((entry) => entry.urn);
    expect(order.indexOf(urn("child"))).toBeLessThan(order.indexOf(urn("b")));
    expect(order.indexOf(urn("b"))).toBeLessThan(order.indexOf(urn("a")));
    expect(order.indexOf(urn("user"))).toBeLessThan(order.indexOf(provider.urn));
  });
});

describe("StateStore", () => {
  const entry: ResourceState = {
    urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/t:W::w",
    type: "pulumi-nodejs:dynamic/t:W",
    custom: true,
    id: "w-1",
    inputs: { password: secretEnvelope("SENTINEL-state-secret"), label: "visible" },
    outputs: { token: secretEnvelope({ deep: ["SENTINEL-state-token"] }), label: "visible" },
    dependencies: [],
  };

  it("stores secrets encrypted and loads them back as envelopes", async () => {
    const store = new StateStore(dir, "dev", "passphrase-1");
    await store.save([entry]);
    const raw = await store.raw();
    expect(raw).not.toContain("SENTINEL");
    expect(raw).toContain("visible");
    expect(JSON.parse(raw).checkpoint.latest.secrets_providers.state.salt).toMatch(/^v1:[^:]+:v1:[^:]+:[^:]+$/);
    // A fresh store (new process, same passphrase) decrypts it.
    expect(await new StateStore(dir, "dev", "passphrase-1").load()).toEqual([entry]);
  });

  it("rejects a wrong passphrase before decrypting anything", async () => {
    await expect(new StateStore(dir, "dev", "wrong").load()).rejects.toBeInstanceOf(IncorrectPassphraseError);
  });
});
