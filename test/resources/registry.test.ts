// The registry is the one list of resources: the package index and the per-resource handler files the stored
// provider texts require must each hold exactly the registered resources.
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REGISTRY, RESOURCES } from "../../provider/resources/registry";
import { REPO_ROOT, assertDistIsFresh, pulumiFromRepo, requireFromRepo } from "./dist";

const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];
const sorted = (values: Iterable<string>): string[] => [...values].sort();

beforeAll(() => assertDistIsFresh());

describe("the registry of resources", () => {
  it("has one entry per resource, with distinct names and modules", () => {
    expect(new Set(RESOURCES.map((resource) => resource.name)).size).toBe(RESOURCES.length);
    expect(new Set(RESOURCES.map((resource) => resource.module)).size).toBe(RESOURCES.length);
    for (const resource of RESOURCES) expect(fs.existsSync(path.join(REPO_ROOT, "provider", "resources", resource.module, "definition.ts"))).toBe(true);
  });

  it("is exactly the resource classes the package index exports, each registering its dynamic token", () => {
    const index = requireFromRepo("pulumi-tenant") as Record<string, unknown>;
    const { CustomResource, ProviderResource } = pulumiFromRepo();
    const isResourceClass = (value: unknown): boolean => {
      const prototype = typeof value === "function" ? (value as { prototype: unknown }).prototype : undefined;
      return prototype instanceof CustomResource && !(prototype instanceof ProviderResource);
    };
    const resourceClasses = Object.entries(index)
      .filter(([, value]) => isResourceClass(value))
      .map(([name]) => name);
    expect(sorted(resourceClasses)).toEqual(sorted(RESOURCES.map((resource) => resource.name)));
  });

  it("loads, for each entry, the very handler module its stored provider text requires, with every method", async () => {
    for (const { definition, handler } of REGISTRY) {
      const built = requireFromRepo(`pulumi-tenant/dist/resources/${definition.module}/handler`) as Record<string, unknown>;
      for (const method of METHODS) expect(typeof built[method], `${definition.module}.${method}`).toBe("function");
      const loaded = (await handler()) as unknown as Record<string, unknown>;
      for (const method of METHODS) expect(typeof loaded[method], `${definition.module}.${method} from the registry`).toBe("function");
    }
  });

  it("the built registry's loader returns the same module instance the host requires by package name", async () => {
    const built = requireFromRepo("pulumi-tenant/dist/resources/registry") as typeof import("../../provider/resources/registry");
    for (const { definition, handler } of built.REGISTRY) {
      expect(await handler(), definition.module).toBe(requireFromRepo(`pulumi-tenant/dist/resources/${definition.module}/handler`));
    }
  });
});
