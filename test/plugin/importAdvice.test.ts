// The import warning names each write-only input the generated code lacks, found from the definitions alone:
// inside objects, inside every variant of a union, at any depth.
import { expect, it } from "vitest";
import { writeOnlyAdvice, writeOnlyPaths } from "../../provider/plugin/importAdvice";
import { propertiesOf } from "../../provider/shapes/property";
import { RESOURCES } from "../../provider/resources/registry";

const pathsOf = (name: string): string[] => {
  const definition = RESOURCES.find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`no registered resource ${name}`);
  return writeOnlyPaths(propertiesOf(definition.inputs)).sort();
};

it("names the precise write-only fields of objects and of every union variant, once each", () => {
  expect(pathsOf("PhoneProvider")).toEqual(["credentials.authToken"]);
  expect(pathsOf("SnsPushProvider")).toEqual(["awsSecretAccessKey"]);
  expect(pathsOf("EventStream")).toEqual([
    "destination.configuration.webhookAuthorization.headerValue",
    "destination.configuration.webhookAuthorization.password",
    "destination.configuration.webhookAuthorization.token",
  ]);
  expect(pathsOf("MfaFactor")).toEqual([]);
});

it("warns for every resource with a write-only input, and only for those", () => {
  for (const definition of RESOURCES) {
    const advice = writeOnlyAdvice(definition);
    const paths = writeOnlyPaths(propertiesOf(definition.inputs));
    if (paths.length === 0) expect(advice, definition.name).toBeUndefined();
    else for (const path of paths) expect(advice, definition.name).toContain(path);
  }
});
