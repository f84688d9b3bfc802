/** `check` rules of PhoneProvider that depend on `name` (the per-property ones are in definition.ts). */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { isPlainObject, isUnknown, type PropertyBag } from "../common/jsonValues";

/** Set, known or not: an unknown will be a value by the time create runs. */
function present(bag: PropertyBag, key: string): boolean {
  return bag[key] !== undefined && bag[key] !== null;
}

function vendorRules(inputs: PropertyBag): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const credentials = inputs.credentials;
  if (isPlainObject(credentials) && !present(credentials, "authToken")) {
    failures.push({ property: "credentials.authToken", reason: 'is required when name is "vendor_a"' });
  }
  const configuration = inputs.configuration;
  if (isUnknown(configuration)) return failures;
  if (!isPlainObject(configuration)) {
    if (configuration === undefined || configuration === null) {
      failures.push({
        property: "configuration",
        reason: 'is required when name is "vendor_a" (sid, deliveryMethods, and defaultFrom or mssid)',
      });
    }
    return failures;
  }
  for (const key of ["sid", "deliveryMethods"]) {
    if (!present(configuration, key)) {
      failures.push({ property: `configuration.${key}`, reason: 'is required when name is "vendor_a"' });
    }
  }
  const senders = [configuration.defaultFrom, configuration.mssid];
  if (!senders.some(isUnknown) && senders.filter((value) => value !== undefined && value !== null).length !== 1) {
    failures.push({
      property: "configuration",
      reason: 'needs exactly one of defaultFrom and mssid when name is "vendor_a"',
    });
  }
  return failures;
}

function customRules(inputs: PropertyBag): CheckFailure[] {
  const configuration = inputs.configuration;
  if (!isPlainObject(configuration)) return [];
  return ["sid", "defaultFrom", "mssid"]
    .filter((key) => present(configuration, key))
    .map((key) => ({
      property: `configuration.${key}`,
      reason: 'applies only when name is "vendor_a"; a "custom" provider takes only deliveryMethods',
    }));
}

/** Rules that depend on `name`; skipped while `name` is unknown. */
export function phoneProviderRules(inputs: PropertyBag): CheckFailure[] {
  if (inputs.name === "vendor_a") return vendorRules(inputs);
  if (inputs.name === "custom") return customRules(inputs);
  return [];
}
