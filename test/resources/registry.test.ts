// The registry is the one list of resources: the frozen shim, the package index, the host bundle and the
// per-resource handler files the shim requires must each hold exactly the registered resources.
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../provider/resources/registry";
import { REPO_ROOT, assertDistIsFresh, builtShims, pulumiFromRepo, requireFromRepo, shimNameOf } from "./dist";

const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];
const sorted = (values: Iterable<string>): string[] => [...values].sort();

beforeAll(() => assertDistIsFresh());

describe("the registry of resources", () => {
  it("has one entry per resource, with distinct names and modules", () => {
    expect(new Set(RESOURCES.map((resource) => resource.name)).size).toBe(RESOURCES.length);
    expect(new Set(RESOURCES.map((resource) => resource.module)).size).toBe(RESOURCES.length);
    for (const resource of RESOURCES) expect(fs.existsSync(path.join(REPO_ROOT, "provider", "resources", resource.module, "definition.ts"))).toBe(true);
  });

  it("is exactly what the frozen shim exports", () => {
    expect(sorted(Object.keys(builtShims()))).toEqual(sorted(RESOURCES.map((resource) => shimNameOf(resource.module))));
  });

  it("is exactly the dynamic resources the package index exports", () => {
    const index = requireFromRepo("pulumi-tenant") as Record<string, unknown>;
    const { dynamic } = pulumiFromRepo();
    const resourceClasses = Object.entries(index)
      .filter(([, value]) => typeof value === "function" && (value as { prototype: unknown }).prototype instanceof dynamic.Resource)
      .map(([name]) => name);
    expect(sorted(resourceClasses)).toEqual(sorted(RESOURCES.map((resource) => resource.name)));
  });

  it("is exactly what dist/host holds, and every handler path the shim requires serves its part", () => {
    const host = requireFromRepo("pulumi-tenant/dist/host") as { handlers: Record<string, unknown> } & Record<string, unknown>;
    expect(sorted(Object.keys(host.handlers))).toEqual(sorted(RESOURCES.map((resource) => resource.module)));
    for (const { module } of RESOURCES) {
      const handler = requireFromRepo(`pulumi-tenant/dist/resources/${module}/handler`) as Record<string, unknown>;
      expect(handler, module).toBe(host[module]);
      for (const method of METHODS) expect(typeof handler[method], `${module}.${method}`).toBe("function");
    }
  });
});
