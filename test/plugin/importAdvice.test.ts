// The import warning names each write-only input the generated code lacks, found from the definitions and the inputs
// the import read: inside objects, inside the variant of a union the value is (every variant when no value says), at
// any depth; none for a stream whose destination holds nothing write-only.
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

const definitionOf = (name: string) => RESOURCES.find((candidate) => candidate.name === name)!;
const webhook = (webhookAuthorization: Record<string, unknown>) => ({
  name: "hook",
  subscriptions: [{ eventType: "user.created" }],
  destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/x", webhookAuthorization } },
});

it("names only what the imported inputs have: a bearer webhook's token, a basic one's password; nothing for EventBridge or Action", () => {
  const stream = definitionOf("EventStream");
  expect(writeOnlyAdvice(stream, webhook({ method: "bearer" }))).toBe(
    "The imported EventStream's destination.configuration.webhookAuthorization.token is write-only (the service never returns it), so the " +
      "imported inputs lack it and the generated code has an empty value for it, which keeps the value the service holds until your program " +
      "sets one (as a secret).",
  );
  expect(writeOnlyAdvice(stream, webhook({ method: "basic", username: "hook" }))).toContain("webhookAuthorization.password is write-only");
  expect(writeOnlyAdvice(stream, webhook({ method: "custom_header", headerKey: "x-key" }))).toContain("webhookAuthorization.headerValue is write-only");
  const bridge = { name: "b", subscriptions: [], destination: { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } } };
  expect(writeOnlyAdvice(stream, bridge)).toBeUndefined();
  expect(writeOnlyAdvice(stream, { name: "a", subscriptions: [], destination: { type: "action", configuration: { actionId: "act_1" } } })).toBeUndefined();
});

it("several at once are listed with 'and' and spoken of in the plural", () => {
  const advice = writeOnlyAdvice(definitionOf("EventStream"));
  expect(advice).toContain("webhookAuthorization.token, destination.configuration.webhookAuthorization.password and destination.configuration.webhookAuthorization.headerValue are write-only");
  expect(advice).toContain("(the service never returns them), so the imported inputs lack them and the generated code has an empty value for each");
});
