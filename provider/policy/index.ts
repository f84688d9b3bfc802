/**
 * `pulumi-tenant/policy`: the tenant's MFA rules for a Pulumi policy pack (`@pulumi/policy`), run by `pulumi preview`
 * and `pulumi up` with `--policy-pack <dir>`. Each rule matches the package's resources through both doors:
 * `tenant:index:<Name>` (the native plugin, from YAML, Python, Go, .NET, Java) and `pulumi-nodejs:dynamic/tenant:<Name>`
 * (TypeScript and JavaScript). `@pulumi/policy` is an optional peer dependency: only a pack needs it, and this module
 * uses its types only.
 *
 * ```ts
 * import { PolicyPack } from "@pulumi/policy";
 * import { tenantMfaPolicies } from "pulumi-tenant/policy";
 *
 * new PolicyPack("tenant-mfa", { policies: tenantMfaPolicies({ "sms-not-only-factor": "mandatory" }) });
 * ```
 */
import type { EnforcementLevel, Policies, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { BASELINE_RULES } from "./baseline";
import { CANNOT_WORK_RULES } from "./cannotWork";
import { fromResourceArgs, fromStackResources } from "./declared";
import { findingsOf, type TenantRule } from "./rule";

/** Every rule, those refusing what cannot work first. */
export const TENANT_MFA_RULES = [...CANNOT_WORK_RULES, ...BASELINE_RULES] as const;

/** A rule's name, e.g. `"phone-messages-deliverable"`. */
export type TenantMfaRuleName = (typeof TENANT_MFA_RULES)[number]["name"];

/** What a rule is, as the README's table and `TENANT_MFA_RULE_INFO` give it. */
export interface TenantMfaRuleInfo {
  name: TenantMfaRuleName;
  description: string;
  /** Its level unless `tenantMfaPolicies` or the pack's configuration sets another. */
  defaultLevel: "mandatory" | "advisory";
  /** The resources it reads, by class name. */
  reads: string[];
  /** `resource`: each resource, before its step; `stack`: the tenant's resources together, once the program ran. */
  judges: "resource" | "stack";
}

export const TENANT_MFA_RULE_INFO: readonly TenantMfaRuleInfo[] = TENANT_MFA_RULES.map((rule) => ({
  name: rule.name,
  description: rule.description,
  defaultLevel: rule.level,
  reads: rule.reads.map((definition) => definition.name),
  judges: rule.scope,
}));

/**
 * Enforcement levels, as `@pulumi/awsguard` takes them: `all` for every rule, then a rule's own by its name
 * (`{ all: "mandatory", "sms-not-only-factor": "advisory" }`). A rule left out keeps its default level.
 */
export type TenantMfaLevels = { all?: EnforcementLevel } & { [Name in TenantMfaRuleName]?: EnforcementLevel };

const LEVELS: readonly EnforcementLevel[] = ["advisory", "mandatory", "remediate", "disabled"];

/** Refuses a name of no rule or a level the policy SDK does not know, naming what is allowed, before any pack runs. */
function checkedLevels(levels: TenantMfaLevels): TenantMfaLevels {
  const known = new Set<string>(["all", ...TENANT_MFA_RULES.map((rule) => rule.name)]);
  for (const [name, level] of Object.entries(levels)) {
    if (!known.has(name)) throw new Error(`tenantMfaPolicies: no rule is named "${name}"; the rules are ${[...known].join(", ")}`);
    if (level !== undefined && !LEVELS.includes(level)) throw new Error(`tenantMfaPolicies: "${name}" must be one of ${LEVELS.join(", ")}`);
  }
  return levels;
}

/** The rules as `@pulumi/policy` policies, each at its level: `levels[rule] ?? levels.all ?? its default`. */
export function tenantMfaPolicies(levels: TenantMfaLevels = {}): Policies {
  const chosen = checkedLevels(levels) as Record<string, EnforcementLevel | undefined>;
  return TENANT_MFA_RULES.map((rule) => asPolicy(rule, chosen[rule.name] ?? chosen.all ?? rule.level));
}

function asPolicy(rule: TenantRule, enforcementLevel: EnforcementLevel): ResourceValidationPolicy | StackValidationPolicy {
  const policy = { name: rule.name, description: rule.description, enforcementLevel };
  if (rule.scope === "resource") {
    return {
      ...policy,
      validateResource: (args, reportViolation) => {
        const resource = fromResourceArgs(args);
        if (resource?.kind === rule.kind.name) for (const message of rule.check(resource)) reportViolation(message);
      },
    };
  }
  return {
    ...policy,
    validateStack: (args, reportViolation) => {
      for (const finding of findingsOf(rule, fromStackResources(args.resources))) reportViolation(finding.message, finding.urn);
    },
  };
}
