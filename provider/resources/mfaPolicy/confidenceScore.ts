/**
 * The `confidence-score` policy's side effect (a user's report, which the emulator models): setting it turns the
 * tenant's risk assessment on, and nothing turns it off again. MfaPolicy records risk assessment before the write that
 * sets the policy, and destroy, after the policy itself, turns it off again when it was off before. Both need `read:attack_protection` and
 * `update:attack_protection`, which MfaPolicy uses when the client's token holds them: without them it says what it
 * left as it is, and the command that does it by hand.
 */
import type { PropertyBag } from "../common/jsonValues";
import type { OperationContext } from "../common/operationContext";
import { refusalKind } from "../common/refusals";
import type { SideEffect } from "../common/settingLifecycle";
import { RISK_ASSESSMENT_PATH, expandRiskAssessment, flattenRiskAssessment, riskAssessmentResponse } from "../riskAssessmentSettings/wire";

const CONFIDENCE_SCORE = "confidence-score";
const SCOPES = "read:attack_protection and update:attack_protection";
const TURNED_ON = `risk assessment, which its "${CONFIDENCE_SCORE}" policy turned on,`;

/** The request that sets risk assessment by hand, as a command (the token left for the user to fill in). */
async function byHand(context: OperationContext, enabled: boolean): Promise<string> {
  const { settings } = await context.connection();
  return (
    `curl -X PATCH "${settings.baseUrl}/api/v2${RISK_ASSESSMENT_PATH}" -H "Authorization: Bearer <token>" ` +
    `-H "Content-Type: application/json" -d '{"enabled":${enabled}}'`
  );
}

/** Whether `error` is a refusal this side effect does without: a missing scope (said), a plan without the add-on (nothing to do). */
function doneWithout(error: unknown): "scope" | "plan" {
  const kind = refusalKind(error);
  if (kind === undefined) throw error;
  return kind;
}

export const confidenceScoreSideEffect: SideEffect = {
  output: "previousRiskAssessment",

  async record(context, { policy }, current) {
    if (policy !== CONFIDENCE_SCORE || current.policy === CONFIDENCE_SCORE) return null;
    try {
      const found = flattenRiskAssessment(await context.request("GET", RISK_ASSESSMENT_PATH, { operation: "get risk assessment settings", schema: riskAssessmentResponse }));
      return found.enabled;
    } catch (error) {
      // Without the add-on the policy's own write is refused next, saying so.
      if (doneWithout(error) === "scope") {
        await context.warn(
          `${context.named}: the "${CONFIDENCE_SCORE}" policy turns risk assessment on, and the client lacks ${SCOPES} to record it first, ` +
            "so destroy will leave it as the policy leaves it. Give the client those scopes before the policy is set to have it put back.",
        );
      }
      return null;
    }
  },

  async restore(context, recorded, stored: PropertyBag) {
    if (typeof recorded !== "boolean") {
      // The stack set the policy without recording risk assessment (no scope then, or a state of an earlier version).
      const setByStack = stored.policy === CONFIDENCE_SCORE && typeof stored.previousPolicy === "string" && stored.previousPolicy !== CONFIDENCE_SCORE;
      if (setByStack) {
        await context.warn(
          `${context.named} was removed from the stack; ${TURNED_ON} stays as the tenant holds it: what it was before was not recorded ` +
            `(the client lacked ${SCOPES}, or the state is from an earlier version). If it was off, turn it off by hand: ` +
            `${await byHand(context, false)}`,
        );
      }
      return;
    }
    // The policy only ever turns risk assessment on: on before, there is nothing of its doing to undo (and a
    // RiskAssessmentSettings of the stack that turned it on first puts back what it found itself).
    if (recorded) return;
    try {
      const live = flattenRiskAssessment(await context.request("GET", RISK_ASSESSMENT_PATH, { operation: "get risk assessment settings", schema: riskAssessmentResponse }));
      if (!live.enabled) return;
      const body = expandRiskAssessment(false);
      await context.request("PATCH", RISK_ASSESSMENT_PATH, { operation: "set risk assessment settings", schema: riskAssessmentResponse, body });
    } catch (error) {
      // A tenant whose plan no longer offers risk assessment has none to put back.
      if (doneWithout(error) === "plan") return;
      await context.warn(
        `${context.named} was removed from the stack; ${TURNED_ON} was not put back off: the client lacks ${SCOPES}. ` +
          `Give the client those scopes and destroy again, or turn it off by hand: ${await byHand(context, false)}`,
      );
    }
  },
};
