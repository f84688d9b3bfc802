/**
 * First step of `npm run build`, `npm run typecheck` and `npm test`: writes each registered resource's
 * program-side module (provider/resources/<resource>/resource.generated.ts: Args, class, TSDoc) from its definition,
 * what the package index exports of them (provider/resources/exports.generated.ts, enums.generated.ts: classes, Args,
 * named types, enums with their value lists and guards), each registered function's typings
 * (provider/functions/<name>.generated.ts), and the explicit Provider's arguments
 * (provider/providerArgs.generated.ts) from the settings table. The output is not
 * committed; a file is only rewritten when its text changes, so tsc and the freshness checks see no churn.
 *
 *   tsx provider/build/generateTypes.ts
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { FUNCTIONS } from "../functions/registry";
import { RESOURCES } from "../resources/registry";
import { functionTypeNames, functionTypesPath, renderFunctionTypes } from "./functionTypes";
import { ENUMS_PATH, EXPORTS_PATH, SECRET_FIELDS_PATH, renderEnums, renderExports, renderSecretFields } from "./packageExports";
import { PROVIDER_ARGS_PATH, renderProviderArgs } from "./providerArgs";
import { publicTypesPath, renderPublicTypes } from "./publicTypes";

const REPO_ROOT = path.resolve(__dirname, "../..");

function writeIfChanged(relativePath: string, text: string): void {
  const file = path.join(REPO_ROOT, relativePath);
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  if (current !== text) fs.writeFileSync(file, text);
}

for (const definition of RESOURCES) writeIfChanged(publicTypesPath(definition), renderPublicTypes(definition));
for (const { definition } of FUNCTIONS) writeIfChanged(functionTypesPath(definition), renderFunctionTypes(definition));
writeIfChanged(ENUMS_PATH, renderEnums(RESOURCES));
writeIfChanged(SECRET_FIELDS_PATH, renderSecretFields(RESOURCES));
writeIfChanged(EXPORTS_PATH, renderExports(RESOURCES, new Set(FUNCTIONS.flatMap(({ definition }) => functionTypeNames(definition)))));
writeIfChanged(PROVIDER_ARGS_PATH, renderProviderArgs());
