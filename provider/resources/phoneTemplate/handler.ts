/**
 * Host side of PhoneTemplate. A tenant holds at most one custom template per notification type, so create lists
 * first: a type customized already is adopted only when asked (and changed only where the inputs differ), and a POST
 * refused with a 409 or left without an answer is settled by listing again, never by posting blindly. Destroy deletes
 * what this resource created and puts back what it adopted (`adopted`: common/adoption.ts), so no customization the
 * tenant had is lost.
 */
import { AmbiguousRequestError, ApiError, isNotFound } from "../../client/errors";
import { adoptionOf } from "../common/adoption";
import { defineHandler } from "../common/defineHandler";
import type { PropertyBag } from "../common/jsonValues";
import type { OperationContext } from "../common/operationContext";
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

/** A template's outputs: as the service holds it, what was adopted (`null`: created here, so destroy deletes it), the flag. */
function outputsOf(live: PropertyBag, adopted: unknown, adoptExisting: boolean): Outputs {
  const { id: _id, ...held } = live;
  return { ...held, adopted, adoptExisting } as Outputs;
}

async function patchTemplate(context: OperationContext, id: string, body: PhoneTemplateUpdateRequest, operation: string): Promise<PhoneTemplateResponse> {
  return context.request("PATCH", templatePath(id), { operation, schema: phoneTemplateResponse, body });
}

/** What the template holds, read by id; `undefined` once it is deleted (by hand). */
async function readTemplate(context: OperationContext, id: string): Promise<PhoneTemplateResponse | undefined> {
  try {
    return await context.request("GET", templatePath(id), { operation: "get phone template", schema: phoneTemplateResponse });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Adopting a customized template: recorded as found, changed only where the inputs differ, put back on destroy. */
const adoption = adoptionOf(definition, {
  async read(context, id = "") {
    const template = await readTemplate(context, id);
    return template && { ...flattenPhoneTemplate(template) };
  },
  async write(context, wanted, { key: id = "", tenant, purpose }) {
    const { content } = (await tenant()) as FlattenedPhoneTemplate;
    const body = expandUpdate(wanted as PhoneTemplateRecord, content);
    return { ...flattenPhoneTemplate(await patchTemplate(context, id, body, `${purpose} phone template`)) };
  },
  texts: {
    leftAsSet: (named, fields, stored) =>
      fields.map(
        (field) =>
          `${named} (${String(stored.type)}): the template had no ${field} when it was adopted, and the service offers no known ` +
          `way to remove one, so the ${field} it has now stays on the tenant; everything else is as it was. Change it in ` +
          "the service's dashboard if it should go.",
      ),
  },
});

/** The type's custom template (a listed item with an id), if the tenant has one. */
async function customTemplateOf(context: OperationContext, type: string): Promise<PhoneTemplateResponse | undefined> {
  const { templates } = await context.request("GET", TEMPLATES_PATH, { operation: "list phone templates", schema: phoneTemplateList });
  return templates.find((item: ListedPhoneTemplate): item is PhoneTemplateResponse => item.type === type && item.id !== undefined);
}

function conflictError(context: OperationContext, type: string, id: string): Error {
  return new Error(
    `${context.what}: the tenant's "${type}" phone template is customized already (id "${id}"), and a tenant has one per ` +
      `type. To manage it with this resource, set adoptExisting: true (it is then changed only where these inputs ` +
      `differ, and put back as it was on destroy); to only read it, use PhoneTemplate.get(name, "${id}") (or ` +
      `"pulumi import" with the native tenant plugin).`,
  );
}

async function createOrAdopt(context: OperationContext, desired: PhoneTemplateInputs): Promise<{ id: string; outputs: Outputs }> {
  const { adoptExisting } = desired;
  let unanswered = false; // a POST went out and its outcome is unknown
  let refused = false; // the service answered a POST with 409
  for (let posts = 0; ; ) {
    const found = await customTemplateOf(context, desired.type);
    if (found) {
      const live = { ...flattenPhoneTemplate(found) };
      // A POST of ours whose answer was lost: the template holds exactly what it sent.
      if (unanswered && !adoption.changes(live, desired)) return { id: found.id, outputs: outputsOf(live, null, adoptExisting) };
      if (!adoptExisting) throw conflictError(context, desired.type, found.id);
      const adopted = await adoption.adopt(context, live, desired, found.id);
      return { id: found.id, outputs: outputsOf(adopted, adopted.adopted, adoptExisting) };
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
      return { id: template.id, outputs: outputsOf({ ...flattenPhoneTemplate(template) }, null, adoptExisting) };
    } catch (error) {
      // Both are settled by the next listing: a 409 is never followed by a second POST.
      if (error instanceof ApiError && error.status === 409) refused = true;
      else if (error instanceof AmbiguousRequestError) unanswered = true;
      else throw error;
    }
  }
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  create: (desired, context) => createOrAdopt(context, desired),

  async read(id, stored, context) {
    templatePath(id); // refuses a malformed id before any call
    const template = await readTemplate(context, id);
    if (template === undefined) return undefined;
    const live = { ...flattenPhoneTemplate(template) };
    // A .get or an import (nothing stored) takes the template as found: what destroy would put back.
    const adopted = stored ? stored.adopted : adoption.recordOfAll(live);
    return { id: template.id, outputs: outputsOf(live, adopted, stored?.adoptExisting ?? false) };
  },

  /** Every customized template (a listed item with an id), from one listing; a type's default is not a template of the tenant's. */
  async list(context) {
    const { templates } = await context.request("GET", TEMPLATES_PATH, { operation: "list phone templates", schema: phoneTemplateList });
    return templates
      .filter((item: ListedPhoneTemplate): item is PhoneTemplateResponse => item.id !== undefined)
      .map((template) => {
        const live = { ...flattenPhoneTemplate(template) };
        return { id: template.id, outputs: outputsOf(live, adoption.recordOfAll(live), false) };
      });
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
    return outputsOf({ ...flattenPhoneTemplate(template) }, stored.adopted, desired.adoptExisting);
  },

  /** An adopted template is put back as adoption found it; one this resource created is deleted. */
  async delete(id, stored, context) {
    if (adoption.recorded(stored)) return adoption.restore(context, stored, id);
    try {
      await context.request("DELETE", templatePath(id), { operation: "delete phone template" });
    } catch (error) {
      if (!isNotFound(error)) throw error; // already gone counts as deleted
    }
  },
});
export { remove as delete };
