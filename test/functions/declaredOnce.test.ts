// Functions declared once: the typings, the plugin schema entry, the invoke dispatch and the mocks' token all
// come from the function registry; the listed stream has its own type, apart from the EventStream resource.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { functionTypesPath, renderFunctionTypes } from "../../provider/build/functionTypes";
import { checkArguments, functionToken } from "../../provider/functions/definition";
import { FUNCTIONS, functionOfToken } from "../../provider/functions/registry";
import { packageSchema } from "../../provider/plugin/schema";
import { propertiesOf } from "../../provider/shapes/property";

const REPO_ROOT = path.resolve(__dirname, "../..");
const schema = packageSchema("0.0.0") as {
  functions: Record<string, { inputs: { properties: Record<string, unknown> }; outputs: { properties: Record<string, unknown> } }>;
  resources: Record<string, { properties: Record<string, Record<string, unknown>> }>;
  types: Record<string, { properties: Record<string, Record<string, unknown>> }>;
};

describe.each(FUNCTIONS.map(({ definition }) => [definition.name, definition] as const))("%s", (_name, definition) => {
  it("has generated typings that are what its definition renders to", () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, functionTypesPath(definition)), "utf8")).toBe(renderFunctionTypes(definition));
  });

  it("is in the plugin schema under its token with every argument and result property", () => {
    const entry = schema.functions[functionToken(definition)];
    expect(Object.keys(entry.inputs.properties)).toEqual(propertiesOf(definition.args).map((shape) => shape.name));
    expect(Object.keys(entry.outputs.properties)).toEqual(propertiesOf(definition.result).map((shape) => shape.name));
  });

  it("is what the plugin's invoke finds by that token", () => {
    expect(functionOfToken(functionToken(definition))?.definition).toBe(definition);
  });
});

describe("getEventStreams' declaration", () => {
  const definition = FUNCTIONS[0].definition;

  it("checks arguments with messages naming the argument, its rule and the value", () => {
    expect(() => checkArguments(definition, { take: 0 })).toThrow("getEventStreams: take must be a whole number from 1 to 100 (got 0).");
    expect(() => checkArguments(definition, { from: 5 })).toThrow(/from must be a non-empty `next` value from the API \(got 5\)/);
    expect(checkArguments(definition, { take: 7 })).toEqual({ take: 7 });
  });

  it("has the token the mocks and the plugin see", () => {
    expect(functionToken(definition)).toBe("tenant:index:getEventStreams");
    expect(functionOfToken("tenant:index:getNothing")).toBeUndefined();
  });

  it("lists EventStreamInfo, a type apart from the EventStream resource", () => {
    expect(schema.types["tenant:index:EventStreamInfo"]).toBeDefined();
    expect(schema.types["tenant:index:EventStream"]).toBeUndefined();
    expect(schema.resources["tenant:index:EventStream"]).toBeDefined();
  });

  it("gives the resource's webhook secrets a secret in the schema, and the listing none", () => {
    const bearer = schema.types["tenant:index:EventStreamBearerAuthorization"];
    expect(bearer.properties.token).toMatchObject({ secret: true });
    expect(schema.types["tenant:index:EventStreamWebhookAuthorization"].properties.token).toMatchObject({ secret: true });
    expect(JSON.stringify(schema.types["tenant:index:WebhookAuthorization"])).not.toContain("token");
  });
});

describe("EventStream in the plugin schema", () => {
  it("types its outputs apart from its inputs, so the partner event source is an output", () => {
    const outputs = schema.types["tenant:index:EventStreamEventBridgeConfiguration"];
    const inputs = schema.types["tenant:index:EventStreamEventBridgeDestinationConfiguration"];
    expect(Object.keys(outputs.properties)).toContain("awsPartnerEventSource");
    expect(Object.keys(inputs.properties)).not.toContain("awsPartnerEventSource");
    expect(inputs.properties.awsAccountId).toMatchObject({ willReplaceOnChanges: true });
  });
});
