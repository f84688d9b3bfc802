/**
 * Host side of PhoneTemplate. A tenant holds at most one custom template per notification type, so create lists
 * first: a type customized already is adopted only when asked (and changed only where the inputs differ), and a POST
 * refused with a 409 or left without an answer is settled by listing again, never by posting blindly. Destroy deletes
 * what this resource created and puts back what it adopted (`adopted`), so no customization the tenant had is lost.
 */
import { AmbiguousRequestError, ApiError, isNotFound } from "../../client/errors";
import type { OperationContext } from "../common/operationContext";
import { defineHandler } from "../common/defineHandler";
import { diffByDefinition } from "../common/diff";
import { phoneTemplateDefinition as definition, type PhoneTemplateInputs, type PhoneTemplateOutputs, type PhoneTemplateRecord } from "./definition";
import {
  TEMPLATES_PATH,
  expandCreate,
  expandUpdate,
  flattenPhoneTemplate,
  phoneTemplateList,
  phoneTemplateResponse,
  templatePath,
  type FlattenedPhoneTemplate,
  type ListedPhoneTemplate,
  type PhoneTemplateResponse,
  type PhoneTemplateUpdateRequest,
} from "./wire";

/** POSTs sent in one create when each goes unanswered and a listing then shows the type still not customized. */
const MAX_POSTS = 3;

type Outputs = Omit<PhoneTemplateOutputs, "schemaVersion">;

function outputsOf(template: PhoneTemplateResponse, adopted: PhoneTemplateRecord | null, adoptExisting: boolean): Outputs {
  const { id: _id, ...live } = flattenPhoneTemplate(template);
  return { ...live, adopted, adoptExisting };
}

/** What a template holds that destroy can put back. */
const recordOf = (live: FlattenedPhoneTemplate): PhoneTemplateRecord => ({ disabled: live.disabled, content: live.content });

/** Whether `wanted` changes anything of `live` it manages (a from, text or voice it leaves out is not compared). */
function changes(live: FlattenedPhoneTemplate, wanted: Pick<PhoneTemplateInputs, "disabled" | "content">): boolean {
  return diffByDefinition(definition, live, { type: live.type, ...wanted }).changes === true;
}

/** The type's custom template (a listed item with an id), if the tenant has one. */
async function customTemplateOf(context: OperationContext, type: string): Promise<PhoneTemplateResponse | undefined> {
  const { templates } = await context.request("GET", TEMPLATES_PATH, { operation: "list phone templates", schema: phoneTemplateList });
  return templates.find((item: ListedPhoneTemplate): item is PhoneTemplateResponse => item.type === type && item.id !== undefined);
}

async function patchTemplate(context: OperationContext, id: string, body: PhoneTemplateUpdateRequest, operation: string): Promise<PhoneTemplateResponse> {
  return context.request("PATCH", templatePath(id), { operation, schema: phoneTemplateResponse, body });
}

function conflictError(context: OperationContext, type: string, id: string): Error {
  return new Error(
    `${context.what}: the tenant's "${type}" phone template is customized already (id "${id}"), and a tenant has one per ` +
      `type. To manage it with this resource, set adoptExisting: true (it is then changed only where these inputs ` +
      `differ, and put back as it was on destroy); to only read it, use PhoneTemplate.get(name, "${id}") (or ` +
      `"pulumi import" with the native tenant plugin).`,
  );
}

/** Takes over the type's custom template: records what it holds, and PATCHes only if the inputs change it. */
async function adopt(context: OperationContext, found: PhoneTemplateResponse, desired: PhoneTemplateInputs) {
  const live = flattenPhoneTemplate(found);
  const template = changes(live, desired) ? await patchTemplate(context, found.id, expandUpdate(desired, live.content), "adopt phone template") : found;
  return { template, adopted: recordOf(live) };
}

async function createOrAdopt(context: OperationContext, desired: PhoneTemplateInputs): Promise<{ template: PhoneTemplateResponse; adopted: PhoneTemplateRecord | null }> {
  let unanswered = false; // a POST went out and its outcome is unknown
  let refused = false; // the service answered a POST with 409
  for (let posts = 0; ; ) {
    const found = await customTemplateOf(context, desired.type);
    if (found) {
      // A POST of ours whose answer was lost: the template holds exactly what it sent.
      if (unanswered && !changes(flattenPhoneTemplate(found), desired)) return { template: found, adopted: null };
      if (!desired.adoptExisting) throw conflictError(context, desired.type, found.id);
      return adopt(context, found, desired);
    }
    if (refused) {
      throw new Error(
        `${context.what}: the service refused to customize the "${desired.type}" phone template (409: already ` +
          `configured), yet its listing shows no custom template of that type. Nothing was changed; run "pulumi up" again.`,
      );
    }
    if (posts >= MAX_POSTS) {
      throw new Error(
        `${context.what}: customizing the "${desired.type}" phone template went unanswered ${posts} times, and the ` +
          `listing shows the type still not customized, so nothing was created. Run "pulumi up" again.`,
      );
    }
    posts++;
    try {
      const template = await context.request("POST", TEMPLATES_PATH, { operation: "create phone template", schema: phoneTemplateResponse, body: expandCreate(desired) });
      return { template, adopted: null };
    } catch (error) {
      // Both are settled by the next listing: a 409 is never followed by a second POST.
      if (error instanceof ApiError && error.status === 409) refused = true;
      else if (error instanceof AmbiguousRequestError) unanswered = true;
      else throw error;
    }
  }
}

/** Content fields the adopted template lacked that it has now: no call is known to remove one (api-wire §10.7). */
function fieldsLeftOn(recorded: PhoneTemplateRecord["content"], held: PhoneTemplateRecord["content"]): string[] {
  const fields: [string, string | undefined, string | undefined][] = [
    ["content.from", recorded.from, held.from],
    ["content.body.text", recorded.body.text, held.body.text],
    ["content.body.voice", recorded.body.voice, held.body.voice],
  ];
  return fields.filter(([, before, now]) => before === undefined && now !== undefined).map(([field]) => field);
}

/**
 * Puts an adopted template back as adoption found it: one GET, then one PATCH unless the template holds it already.
 * Decided by the tenant, not the state: a change made by hand since the last refresh is put back too.
 */
async function restore(context: OperationContext, id: string, stored: PhoneTemplateOutputs, recorded: PhoneTemplateRecord): Promise<void> {
  let live: FlattenedPhoneTemplate;
  try {
    live = flattenPhoneTemplate(await context.request("GET", templatePath(id), { operation: "get phone template", schema: phoneTemplateResponse }));
    if (changes(live, recorded)) await patchTemplate(context, id, expandUpdate(recorded, live.content), "restore phone template");
  } catch (error) {
    if (!isNotFound(error)) throw error; // deleted by hand: nothing left to put back
    return;
  }
  for (const field of fieldsLeftOn(recorded.content, live.content)) {
    await context.warn(
      `${context.named} (${stored.type}): the template had no ${field} when it was adopted, and the ` +
        `service offers no known way to remove one, so the ${field} it has now stays on the tenant; everything else is ` +
        `as it was. Change it in the service's dashboard if it should go.`,
    );
  }
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired, context) {
    const { template, adopted } = await createOrAdopt(context, desired);
    return { id: template.id, outputs: outputsOf(template, adopted, desired.adoptExisting) };
  },

  async read(id, stored, context) {
    const path = templatePath(id); // refuses a malformed id before any call
    let template: PhoneTemplateResponse;
    try {
      template = await context.request("GET", path, { operation: "get phone template", schema: phoneTemplateResponse });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    // A .get or an import (nothing stored) takes the template as found: what destroy would put back.
    const adopted = stored ? stored.adopted : recordOf(flattenPhoneTemplate(template));
    return { id: template.id, outputs: outputsOf(template, adopted, stored?.adoptExisting ?? false) };
  },

  /** Every customized template (a listed item with an id), from one listing; a type's default is not a template of the tenant's. */
  async list(context) {
    const { templates } = await context.request("GET", TEMPLATES_PATH, { operation: "list phone templates", schema: phoneTemplateList });
    return templates
      .filter((item: ListedPhoneTemplate): item is PhoneTemplateResponse => item.id !== undefined)
      .map((template) => ({ id: template.id, outputs: outputsOf(template, recordOf(flattenPhoneTemplate(template)), false) }));
  },

  async update(id, stored, desired, context) {
    let template: PhoneTemplateResponse;
    try {
      template = await patchTemplate(context, id, expandUpdate(desired, stored.content), "update phone template");
    } catch (error) {
      if (!isNotFound(error)) throw error;
      throw new Error(
        `${context.what} "${id}" (${desired.type}) no longer exists on the tenant. Run "pulumi refresh" to drop it from the ` +
          `state, then "pulumi up" to customize the type again.`,
      );
    }
    return outputsOf(template, stored.adopted, desired.adoptExisting);
  },

  async delete(id, stored, context) {
    if (stored.adopted) return restore(context, id, stored, stored.adopted);
    try {
      await context.request("DELETE", templatePath(id), { operation: "delete phone template" });
    } catch (error) {
      if (!isNotFound(error)) throw error; // already gone counts as deleted
    }
  },
});
export { remove as delete };
