// The `pulumi-tenant` command reads through the client a provider host makes: the same options, so the resources'
// secret fields are dropped from every answer and redacted from every message, and one client serves every type.
import { expect, it } from "vitest";
import { getClient } from "../../provider/client";
import { resolveEnvironmentSettings } from "../../provider/config";
import { packageClientOptions } from "../../provider/resources/clientOptions";
import { tenantConnection, useSettings } from "../../provider/resources/tenantConnection";

it("the command's settings get the package's client, secret fields included", async () => {
  const settings = resolveEnvironmentSettings({
    TENANT_DOMAIN: "http://127.0.0.1:9",
    TENANT_CLIENT_ID: "command-client",
    TENANT_CLIENT_SECRET: "command-client-secret",
  });
  useSettings(settings);
  const { client } = await tenantConnection();
  try {
    expect(packageClientOptions().secretFields?.writeOnly).toContain("aws_secret_access_key");
    expect(client).toBe(getClient(settings, packageClientOptions()));
  } finally {
    await client.close();
  }
});
