// Through the dynamic door (the handlers as the dynamic-provider host runs them, TENANT_DEBUG=1), a tenant whose every
// error carries a secret (test/support/hostileTenant.ts): one no call knew, in a 500's JSON or after its field's name
// in a 400; a webhook password inside the Basic credentials the service built; a URL-shaped header value. No piece of
// any of them, in any encoding, reaches an error, a warning or a debug line; the link's host stays readable.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as eventStream from "../../provider/resources/eventStream/handler";
import * as sns from "../../provider/resources/snsPushProvider/handler";
import { leakedSecrets } from "../support/encodedLeaks";
import { HOOK_URL, HOSTILE_SECRETS, STATE_AWS_KEY, startHostileTenant, type HostileTenant } from "../support/hostileTenant";
import { blankTenantEnv, configureRequest, rejectionOf } from "./harness";

let tenant: HostileTenant;
/** What the process wrote to stderr: the client's debug lines and the handlers' warnings. */
let stderr = "";

beforeAll(async () => {
  blankTenantEnv();
  vi.stubEnv("TENANT_DEBUG", "1");
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr += String(chunk);
    return (write as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
  });
  tenant = await startHostileTenant();
  const config = configureRequest({ "tenant:domain": tenant.url, "tenant:clientId": "hostile-dynamic", "tenant:clientSecret": "Cs9Qw2-Zx7vLp4m-dyn" });
  for (const handler of [sns, eventStream]) await handler.configure(config);
});

afterAll(async () => {
  await tenant?.close();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const snsImported = { awsAccessKeyId: "AKIAHOSTILE", awsRegion: "us-east-1", schemaVersion: 1 };
const snsStored = { ...snsImported, awsSecretAccessKey: STATE_AWS_KEY };
/** What create found on a tenant without an SNS configuration: destroy then clears it (and the service refuses). */
const foundNone = { awsAccessKeyId: null, awsRegion: null, snsApnsPlatformApplicationArn: null, snsGcmPlatformApplicationArn: null };

const stream = (authorization: Record<string, string>) => ({
  name: "audit",
  subscriptions: [{ eventType: "user.created" }],
  destination: { type: "webhook", configuration: { webhookEndpoint: "https://hooks.example.com/in", webhookAuthorization: authorization } },
});

describe("SnsPushProvider: a secret the call never knew", () => {
  it.each([
    ["an import or .get answered 500 with the tenant's key in its JSON", () => sns.read(tenant.host, {}), /500 Internal Server Error/],
    ["a refresh whose state holds another key, answered the same", () => sns.read(tenant.host, snsStored), /500 Internal Server Error/],
    ["an update after an import, answered 400 quoting the key after its name", () => sns.update(tenant.host, snsImported, { awsAccessKeyId: "AKIANEW", awsRegion: "us-east-1" }), /400 Bad Request: aws_secret_access_key \[redacted\] is not valid in us-east-1/],
  ])("%s: the error shows none of it", async (_label, call, shown) => {
    const error = await rejectionOf(call());
    expect(error.message).toMatch(shown);
    expect(leakedSecrets(error.message, HOSTILE_SECRETS)).toEqual([]);
  });

  it("a destroy that clears what it created, refused with the key quoted: the warning shows none of it", async () => {
    const before = stderr.length;
    await sns.delete(tenant.host, { ...snsImported, previousConfiguration: foundNone });
    const warning = stderr.slice(before);
    expect(warning).toContain("warning: clear SNS push credentials failed: 400 Bad Request: cannot clear the credentials: aws_secret_access_key=[redacted]");
    expect(leakedSecrets(warning, HOSTILE_SECRETS)).toEqual([]);
  });
});

describe("EventStream: a secret the call sent, quoted as the service used it", () => {
  it("a basic password, inside the Basic credentials the service built (whole and cut)", async () => {
    const error = await rejectionOf(eventStream.create(stream({ method: "basic", username: "deliveries", password: HOSTILE_SECRETS["the webhook password"] })));
    expect(error.message).toContain("400 Bad Request: the endpoint refused the credentials ");
    expect(leakedSecrets(error.message, HOSTILE_SECRETS)).toEqual([]);
  });

  it("a header value shaped like a URL: its path and query are redacted, its host stays readable", async () => {
    const error = await rejectionOf(eventStream.create(stream({ method: "custom_header", headerKey: "X-Hook-Key", headerValue: HOOK_URL })));
    expect(error.message).toContain("the endpoint refused the header value https://hooks.example.com[redacted] (sent as https%3A%2F%2Fhooks.example.com[redacted])");
    expect(leakedSecrets(error.message, HOSTILE_SECRETS)).toEqual([]);
  });
});

it("the debug lines (TENANT_DEBUG=1) were written, and show none of the secrets", () => {
  expect(stderr).toContain("[pulumi-tenant] GET /api/v2/guardian/factors/push-notification/providers/sns -> 500");
  expect(leakedSecrets(stderr, HOSTILE_SECRETS)).toEqual([]);
});
