/** The inputs in the YAML code `pulumi import --out` writes, by resource name (a YAML `fn::secret` as a secret). */
import { parse as parseYaml } from "yaml";
import { isPlainObject, secretEnvelope, type PropertyMap } from "./values";

function fromYamlValue(value: unknown): unknown {
  if (isPlainObject(value) && Object.keys(value).length === 1 && "fn::secret" in value) return secretEnvelope(fromYamlValue(value["fn::secret"]));
  if (Array.isArray(value)) return value.map(fromYamlValue);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromYamlValue(item)]));
  return value;
}

export function generatedYamlInputs(code: string): Record<string, PropertyMap> {
  const program = (parseYaml(code) ?? {}) as { resources?: Record<string, { properties?: Record<string, unknown> }> };
  return Object.fromEntries(Object.entries(program.resources ?? {}).map(([name, resource]) => [name, fromYamlValue(resource.properties ?? {}) as PropertyMap]));
}
