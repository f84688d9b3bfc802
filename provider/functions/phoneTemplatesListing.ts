// GET /branding/phone/templates with any client: the data function (in the program) and the native plugin's invoke
// share it. One call: the listing has no paging. Each item is read with the PhoneTemplate resource's wire schema
// and translation, so both read a template the same way.
import type { TenantClient } from "../client";
import { TEMPLATES_PATH, flattenPhoneTemplate, phoneTemplateList } from "../resources/phoneTemplate/wire";
import type { GetPhoneTemplatesResult } from "./getPhoneTemplates.generated";

export async function listPhoneTemplates(client: TenantClient): Promise<GetPhoneTemplatesResult> {
  const { templates } = await client.request("GET", TEMPLATES_PATH, { operation: "list phone templates", schema: phoneTemplateList });
  return { templates: templates.map(flattenPhoneTemplate) };
}
