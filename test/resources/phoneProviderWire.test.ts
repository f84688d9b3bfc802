// expand and flatten of the phone provider, on the recorded shapes of the API (create answer, list items with
// `credentials: null`, missing optional fields, extra unknown fields), and round trips through both.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { phoneProviderDefinition, type PhoneProviderInputs } from "../../provider/resources/phoneProvider/definition";
import {
  expandPhoneProvider,
  flattenPhoneProvider,
  phoneProviderList,
  phoneProviderRequest,
  phoneProviderResponse,
  type FlattenedPhoneProvider,
  type PhoneProviderRequest,
  type PhoneProviderResponse,
} from "../../provider/resources/phoneProvider/wire";

/** Inputs as a program gives them; expand receives them checked, defaults filled in. */
type GivenInputs = z.input<typeof phoneProviderDefinition.inputs>;
const checked = (given: GivenInputs): PhoneProviderInputs => phoneProviderDefinition.inputs.parse(given);

const RECORDED_CREATE_ANSWER = {
  id: "pro_3UzyS4veHQLMTCt3EzXgTt",
  tenant: "my-tenant",
  name: "vendor_a",
  channel: "phone",
  disabled: false,
  configuration: { sid: "sid1", default_from: "+15550100", delivery_methods: ["text", "voice"] },
  created_at: "2025-07-10T06:25:58.824Z",
  updated_at: "2025-07-10T06:25:58.824Z",
};

describe("expandPhoneProvider", () => {
  const cases: [label: string, inputs: GivenInputs, expected: PhoneProviderRequest][] = [
    [
      "the recorded create request",
      { name: "vendor_a", credentials: { authToken: "tok" }, configuration: { sid: "sid1", defaultFrom: "+15550100", deliveryMethods: ["text", "voice"] } },
      {
        name: "vendor_a",
        disabled: false,
        configuration: { sid: "sid1", default_from: "+15550100", delivery_methods: ["text", "voice"] },
        credentials: { auth_token: "tok" },
      },
    ],
    [
      "custom: credentials sent as {}, disabled defaults to false",
      { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } },
      { name: "custom", credentials: {}, disabled: false, configuration: { delivery_methods: ["text"] } },
    ],
    [
      "configuration omitted: not sent, left as the service has it",
      { name: "custom", credentials: {}, disabled: true },
      { name: "custom", credentials: {}, disabled: true },
    ],
    [
      "mssid instead of defaultFrom",
      { name: "vendor_a", credentials: { authToken: "tok" }, configuration: { sid: "AC1", mssid: "MG1", deliveryMethods: ["voice"] } },
      { name: "vendor_a", credentials: { auth_token: "tok" }, disabled: false, configuration: { sid: "AC1", mssid: "MG1", delivery_methods: ["voice"] } },
    ],
    [
      "adoptExisting is ours, never sent",
      { name: "custom", credentials: {}, adoptExisting: true },
      { name: "custom", credentials: {}, disabled: false },
    ],
  ];
  it.each(cases)("%s", (_label, inputs, expected) => {
    const body = expandPhoneProvider(checked(inputs));
    expect(body).toEqual(expected);
    expect(JSON.stringify(body)).not.toMatch(/adoptExisting|authToken|deliveryMethods|defaultFrom/);
    expect(phoneProviderRequest.strict().parse(body)).toEqual(body);
  });
});

/** What the contract says every answer holds besides `id` and `name`, on the wire and flattened. */
const ALWAYS = { id: "pro_1", tenant: "my-tenant", channel: "phone", created_at: "2025-07-10T06:25:58.824Z", updated_at: "2025-07-11T08:00:00.000Z" };
const ALWAYS_FLAT = { tenant: "my-tenant", channel: "phone", createdAt: "2025-07-10T06:25:58.824Z", updatedAt: "2025-07-11T08:00:00.000Z" };

describe("phoneProviderResponse", () => {
  it.each(["tenant", "channel", "created_at", "updated_at"])("refuses an answer without %s, which the contract says is always present", (field) => {
    const answer: Record<string, unknown> = { ...ALWAYS, name: "custom" };
    delete answer[field];
    expect(phoneProviderResponse.safeParse(answer).success).toBe(false);
  });
});

describe("flattenPhoneProvider of a parsed response", () => {
  const cases: [label: string, wire: unknown, expected: FlattenedPhoneProvider][] = [
    [
      "the recorded create answer",
      RECORDED_CREATE_ANSWER,
      {
        name: "vendor_a",
        disabled: false,
        configuration: { sid: "sid1", defaultFrom: "+15550100", deliveryMethods: ["text", "voice"] },
        tenant: "my-tenant",
        channel: "phone",
        createdAt: "2025-07-10T06:25:58.824Z",
        updatedAt: "2025-07-10T06:25:58.824Z",
      },
    ],
    ["only the fields always present: disabled means enabled, configuration stays absent", { ...ALWAYS, name: "custom" }, { ...ALWAYS_FLAT, name: "custom", disabled: false }],
    ["configuration null", { ...ALWAYS, name: "custom", configuration: null }, { ...ALWAYS_FLAT, name: "custom", disabled: false }],
    ["an empty configuration", { ...ALWAYS, name: "custom", configuration: {} }, { ...ALWAYS_FLAT, name: "custom", disabled: false, configuration: {} }],
    [
      "a tenant given as the full domain, kept opaque",
      { ...ALWAYS, name: "custom", tenant: "go-auth0-dev.eu.auth0.com", disabled: true },
      { ...ALWAYS_FLAT, name: "custom", disabled: true, tenant: "go-auth0-dev.eu.auth0.com" },
    ],
    [
      "extra unknown fields and credentials: null (older list items) are dropped",
      { ...RECORDED_CREATE_ANSWER, credentials: null, status: "ok", configuration: { ...RECORDED_CREATE_ANSWER.configuration, region: "eu" } },
      {
        name: "vendor_a",
        disabled: false,
        configuration: { sid: "sid1", defaultFrom: "+15550100", deliveryMethods: ["text", "voice"] },
        tenant: "my-tenant",
        channel: "phone",
        createdAt: "2025-07-10T06:25:58.824Z",
        updatedAt: "2025-07-10T06:25:58.824Z",
      },
    ],
  ];
  it.each(cases)("%s", (_label, wire, expected) => {
    const flattened = flattenPhoneProvider(phoneProviderResponse.parse(wire));
    expect(flattened).toEqual(expected);
    expect(Object.values(flattened)).not.toContain(undefined);
  });

  it("a list, with credentials: null in an item and an empty list", () => {
    const list = phoneProviderList.parse({ providers: [{ ...RECORDED_CREATE_ANSWER, credentials: null }] });
    expect(list.providers[0]).not.toHaveProperty("credentials");
    expect(list.providers.map(flattenPhoneProvider)[0].name).toBe("vendor_a");
    expect(phoneProviderList.parse({ providers: [] }).providers).toEqual([]);
  });

  it.each([
    ["no id", { ...ALWAYS, id: undefined, name: "custom" }],
    ["an empty id", { ...ALWAYS, id: "", name: "custom" }],
    ["delivery_methods not an array", { ...ALWAYS, name: "custom", configuration: { delivery_methods: "text" } }],
  ])("rejects a response with %s", (_label, wire) => {
    expect(phoneProviderResponse.safeParse(wire).success).toBe(false);
  });

  it("configuration: only what the wire carries", () => {
    expect(flattenPhoneProvider(phoneProviderResponse.parse({ ...ALWAYS, name: "vendor_a", configuration: { mssid: "MG1" } })).configuration).toEqual({ mssid: "MG1" });
  });
});

/** What the service answers to a body: the body echoed (credentials never), plus its own fields. */
function serviceAnswer(body: PhoneProviderRequest): PhoneProviderResponse {
  const { credentials: _never, ...echoed } = body;
  return phoneProviderResponse.parse({ ...echoed, id: "pro_1", tenant: "t", channel: "phone", created_at: "c", updated_at: "u" });
}

describe("round trip: expand, the service echoes, flatten gives the inputs back", () => {
  const inputs: GivenInputs[] = [
    { name: "vendor_a", credentials: { authToken: "tok" }, disabled: true, configuration: { sid: "AC1", deliveryMethods: ["text", "voice"], defaultFrom: "+1" } },
    { name: "vendor_a", credentials: { authToken: "tok" }, configuration: { sid: "AC1", deliveryMethods: ["voice"], mssid: "MG1" } },
    { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } },
    { name: "custom", credentials: {} },
  ];
  it.each(inputs)("%j", (desired) => {
    const flattened = flattenPhoneProvider(serviceAnswer(expandPhoneProvider(checked(desired))));
    expect(flattened).toMatchObject({ name: desired.name, disabled: desired.disabled ?? false });
    expect(flattened.configuration).toEqual(desired.configuration);
  });

  it("and back: flatten then expand gives the same wire fields", () => {
    const flattened = flattenPhoneProvider(phoneProviderResponse.parse(RECORDED_CREATE_ANSWER));
    // The recorded delivery methods are valid inputs ("text", "voice"); the output type keeps any string.
    const configuration = flattened.configuration as PhoneProviderInputs["configuration"];
    const body = expandPhoneProvider(checked({ name: "vendor_a", credentials: {}, disabled: flattened.disabled, configuration }));
    expect(body.configuration).toEqual(RECORDED_CREATE_ANSWER.configuration);
    expect(body.disabled).toBe(RECORDED_CREATE_ANSWER.disabled);
  });
});
