/**
 * Host side of MfaFactor: a tenant setting kept per factor (common/settingLifecycle.ts). The id is the factor's name;
 * the outputs name the tenant, so a moved `tenant:domain` fails instead of switching another tenant's factor. Every
 * read is one GET of the factor list; every write one PUT of the factor, touching no other.
 */
import type { OperationContext } from "../common/operationContext";
import { defineHandler } from "../common/defineHandler";
import { mfaFactorDefinition as definition } from "./definition";
import { FACTORS_PATH, expandFactor, factorListResponse, factorPath, factorResponse, flattenFactor, flattenFactorResponse, type FactorState } from "./wire";

const readFactors = (context: OperationContext) => context.request("GET", FACTORS_PATH, { operation: "list MFA factors", schema: factorListResponse });

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async read(context, factor = "") {
    const factors = await readFactors(context);
    const found = flattenFactor(factors, factor);
    if (found === undefined) {
      const listed = factors.map((item) => `"${item.name}"`).join(", ") || "none";
      throw new Error(`${context.what} "${factor}": the tenant's factor list has no such factor (it lists ${listed}).`);
    }
    return { ...found };
  },
  async readAll(context) {
    const factors = await readFactors(context);
    return factors.map((item) => ({ factor: item.name, ...(flattenFactor(factors, item.name) as FactorState) }));
  },
  async write(context, wanted, { key: factor = "" }) {
    const enabled = wanted.enabled as boolean;
    const response = await context.request("PUT", factorPath(factor), {
      operation: `${enabled ? "enable" : "disable"} MFA factor ${factor}`,
      schema: factorResponse,
      body: expandFactor(enabled),
    });
    return { enabled: flattenFactorResponse(response, enabled) };
  },
  texts: { keysCalled: "factors" },
});
export { remove as delete };
