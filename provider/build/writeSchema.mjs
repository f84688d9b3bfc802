// @ts-check
/**
 * Last build step: writes dist/schema.json, the `tenant` package schema, from the built resource definitions
 * (dist/plugin/schema.js). The native plugin's GetSchema answers with it, and it ships in the package for
 * `pulumi package gen-sdk` and `pulumi package add`. Build tooling only: not part of dist/.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const { packageSchema } = require(path.join(REPO_ROOT, "dist", "plugin", "schema.js"));
const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
writeFileSync(path.join(REPO_ROOT, "dist", "schema.json"), `${JSON.stringify(packageSchema(version), null, 2)}\n`);
