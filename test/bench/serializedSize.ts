/**
 * Benchmark: the serialized provider (`__provider`, stored in state for every resource) per resource, from the
 * built dist/, against a naive hand-written provider that captures the package's client
 * (fixtures/naiveProviders.js). Both are serialized the way dynamic.Resource does it, from the repository (by
 * the package's own name) and from an installed copy, where the serializer treats the package as a dependency.
 *
 *   npx tsx test/bench/serializedSize.ts     (needs `npm run build`)
 */
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { installedCopy, serializeProviders, type Serialized } from "./serialization";

export interface ResourceSizes {
  resource: string;
  shim: Serialized;
  /** The shim from the installed copy (must be the same text). */
  shimInstalled: Serialized;
  naiveInstanceRepo: Serialized;
  naiveInstanceInstalled: Serialized;
  naiveModuleRepo: Serialized;
  naiveModuleInstalled: Serialized;
}

export interface SerializedSizes {
  resources: ResourceSizes[];
  /** The first serialization in a process (the SDK loads TypeScript to parse function text) vs the next ones. */
  firstSerializationMs: number;
  laterSerializationMs: number;
}

const SHIM_OF: Record<string, string> = {
  pushProviderSelection: "pushProviderSelectionShim",
  phoneProvider: "phoneProviderShim",
  enrollmentTicket: "enrollmentTicketShim",
};

/** The serializer's reason in a few words (its full message is a capture chain plus code). */
export function shortReason(error: string): string {
  const exportPath = /package\.json export path for "[^"]+" not found/.exec(error);
  if (exportPath) return exportPath[0];
  const parts = error.split(" / ");
  const because = parts.findIndex((part) => part.endsWith("could not be serialized because"));
  if (because >= 0 && parts[because + 1]) return parts[because + 1].replace(/\. Assign .*$/, "");
  return error.slice(0, 120);
}

export async function benchSerializedSize(): Promise<SerializedSizes> {
  const copy = installedCopy();
  try {
    const [repo, installed] = [await serializeProviders(REPO_ROOT, ["shims", "naive"]), await serializeProviders(copy.root, ["shims", "naive"])];
    const find = (report: typeof repo, resource: string, flavour: "instance" | "module"): Serialized => {
      const found = report.naive?.find((entry) => entry.resource === resource && entry.flavour === flavour);
      if (!found) throw new Error(`no naive ${flavour} result for ${resource}`);
      return found;
    };
    const shim = (report: typeof repo, resource: string): Serialized => {
      const found = report.shims?.find((entry) => entry.name === SHIM_OF[resource]);
      if (!found) throw new Error(`no shim result for ${resource}`);
      return found;
    };
    const resources = Object.keys(SHIM_OF).map((resource) => ({
      resource,
      shim: shim(repo, resource),
      shimInstalled: shim(installed, resource),
      naiveInstanceRepo: find(repo, resource, "instance"),
      naiveInstanceInstalled: find(installed, resource, "instance"),
      naiveModuleRepo: find(repo, resource, "module"),
      naiveModuleInstalled: find(installed, resource, "module"),
    }));
    const shimTimes = (repo.shims ?? []).map((entry) => entry.ms);
    return { resources, firstSerializationMs: shimTimes[0], laterSerializationMs: Math.max(...shimTimes.slice(1)) };
  } finally {
    copy.dispose();
  }
}

if (require.main === module) {
  benchSerializedSize()
    .then((result) => {
      for (const entry of result.resources) {
        const describe = (serialized: Serialized): string =>
          serialized.error
            ? `fails: ${shortReason(serialized.error)}`
            : `${serialized.bytes} B, secret in text: ${serialized.secretInText}, unresolvable requires: ${serialized.unresolvable?.length ?? 0}`;
        console.log(entry.resource);
        console.log(`  shim: ${entry.shim.bytes} B (installed copy ${entry.shimInstalled.bytes} B, same text: ${entry.shim.text === entry.shimInstalled.text})`);
        console.log(`  naive, client instance: repo ${describe(entry.naiveInstanceRepo)}; installed ${describe(entry.naiveInstanceInstalled)}`);
        console.log(`  naive, client module:   repo ${describe(entry.naiveModuleRepo)}; installed ${describe(entry.naiveModuleInstalled)}`);
      }
      console.log(`first serialization ${result.firstSerializationMs.toFixed(0)} ms, later ones ≤ ${result.laterSerializationMs.toFixed(0)} ms`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
