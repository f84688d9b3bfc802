/**
 * Host side of MfaFactor: a tenant setting kept per factor (common/setting.ts). The id is the factor's name; the
 * outputs name the tenant, so a moved `tenant:domain` fails instead of switching another tenant's factor. Every read
 * is one GET of the factor list; every write one PUT of the factor, touching no other.
 */
import { defineHandler } from "../common/defineHandler";
import { settingCalls } from "../common/setting";
import { MFA_FACTOR_NAMES, isMfaFactorName } from "../enums.generated";
import { mfaFactorDefinition as definition } from "./definition";
import { FACTORS_PATH, expandFactor, factorListResponse, factorPath, factorResponse, flattenFactor, flattenFactorResponse, type FactorState } from "./wire";

const KNOWN_FACTORS = MFA_FACTOR_NAMES.map((name) => `"${name}"`).join(", ");

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(
  definition,
  settingCalls(definition, {
    value: "enabled",
    recordedAs: "previousEnabled",
    key: "factor",
    invalidId: (id) => (isMfaFactorName(id) ? undefined : `no such factor; the known factors are ${KNOWN_FACTORS}.`),
    async read(context, factor = "") {
      const list = await context.request("GET", FACTORS_PATH, { operation: "list MFA factors", schema: factorListResponse });
      const found = flattenFactor(list, factor);
      if (found === undefined) {
        const listed = list.map((item) => `"${item.name}"`).join(", ") || "none";
        throw new Error(`${context.what} "${factor}": the tenant's factor list has no such factor (it lists ${listed}).`);
      }
      return found;
    },
    async readAll(context) {
      const list = await context.request("GET", FACTORS_PATH, { operation: "list MFA factors", schema: factorListResponse });
      return list.map((item) => ({ factor: item.name, ...(flattenFactor(list, item.name) as FactorState) }));
    },
    async write(context, enabled: boolean, factor = "") {
      const response = await context.request("PUT", factorPath(factor), {
        operation: `${enabled ? "enable" : "disable"} MFA factor ${factor}`,
        schema: factorResponse,
        body: expandFactor(enabled),
      });
      return { enabled: flattenFactorResponse(response, enabled) };
    },
    restorable: (recorded): recorded is boolean => typeof recorded === "boolean",
  }),
);
export { remove as delete };
