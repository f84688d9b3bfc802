/**
 * The two files of the package the plugin reads: package.json (its version) and dist/schema.json. Beside the
 * compiled code in the npm package; inside the single executable (`pulumi-resource-tenant` built by
 * `npm run release`) they are its assets, since `__dirname` there is whatever folder the executable sits in.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getAsset, isSea } from "node:sea";

/** The asset names the executable's build embeds (tools/release/executable.ts). */
export const SEA_ASSETS = { packageJson: "package.json", schema: "schema.json" } as const;

const PACKAGE_ROOT = join(__dirname, "..", "..");

function packageFile(asset: string, relativePath: string): string {
  return isSea() ? getAsset(asset, "utf8") : readFileSync(join(PACKAGE_ROOT, relativePath), "utf8");
}

export const packageVersion = (): string => (JSON.parse(packageFile(SEA_ASSETS.packageJson, "package.json")) as { version: string }).version;

/** Written by the build from the resource definitions (provider/plugin/schema.ts). */
export const schemaText = (): string => packageFile(SEA_ASSETS.schema, join("dist", "schema.json"));
