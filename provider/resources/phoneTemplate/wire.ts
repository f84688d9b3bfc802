/**
 * Phone notification templates on the wire (snake_case) and the two translations: `expand` (checked inputs → POST
 * and PATCH bodies) and `flatten` (an answer or a listed item → outputs). The only place that maps them.
 * `content.syntax` is read and never sent: the service answers "liquid" whether a POST sends it or not, and a PATCH
 * may not carry it. A `from` is never sent empty (the service refuses `""`, which its default templates list).
 */
import { z } from "zod";
import { compact } from "../common/jsonValues";
import type { PhoneTemplateContent, PhoneTemplateInputs, PhoneTemplateOutputs } from "./definition";

export const TEMPLATES_PATH = "/branding/phone/templates";

/**
 * Ids are opaque (recorded ones are `tem_` and 22 letters and digits); all that is required is one path segment
 * that stays one: unreserved URL characters, and not "." or "..", which a server or proxy would resolve.
 */
export function isPhoneTemplateId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9._~-]+$/.test(id) && id !== "." && id !== "..";
}

/** The path of one template; refuses, before any call, an id that cannot be one (from `get`, import or edited state). */
export function templatePath(id: string): string {
  if (!isPhoneTemplateId(id)) {
    throw new Error(
      `PhoneTemplate id ${JSON.stringify(String(id).slice(0, 80))} is not a phone template id: an id is a non-empty run of ` +
        `letters, digits and . _ ~ - (other than "." and ".."), such as "tem_unfGwbzq8aykhGPih5QLs1". Nothing was sent.`,
    );
  }
  return `${TEMPLATES_PATH}/${encodeURIComponent(id)}`;
}

const bodyWire = z.object({ text: z.string().nullish(), voice: z.string().nullish() });

/**
 * A template as the listing holds it: a default has no id (and `from: ""`); `customizable` was never recorded and
 * is not read; the timestamps, in every recorded answer but in no schema of the service's, are tolerated absent.
 */
export const listedPhoneTemplate = z.object({
  id: z.string().min(1).optional(),
  type: z.string(),
  disabled: z.boolean().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  content: z.object({ syntax: z.string().optional(), from: z.string().nullish(), body: bodyWire }),
});
export type ListedPhoneTemplate = z.infer<typeof listedPhoneTemplate>;

/** GET of the listing: `{"templates":[…]}`, one item per type, no paging. */
export const phoneTemplateList = z.object({ templates: z.array(listedPhoneTemplate) });

/** The answer to POST, GET and PATCH of one custom template, which always has its id. */
export const phoneTemplateResponse = listedPhoneTemplate.extend({ id: z.string().min(1) });
export type PhoneTemplateResponse = z.infer<typeof phoneTemplateResponse>;

/** A content's values, from the program's inputs or from what the service holds. */
interface ContentValues {
  from?: string;
  body: { text?: string; voice?: string };
}

export interface PhoneTemplateCreateRequest {
  type: string;
  disabled: boolean;
  content: { from?: string; body: { text?: string; voice?: string } };
}
export type PhoneTemplateUpdateRequest = Omit<PhoneTemplateCreateRequest, "type">;

const given = (value: string | undefined): string | undefined => (value === "" ? undefined : value);

/** Each of from, text and voice as `wanted` gives it, else as the service holds it (`held`); never an empty one. */
function expandContent(wanted: ContentValues, held: ContentValues | undefined): PhoneTemplateCreateRequest["content"] {
  return compact({
    from: given(wanted.from ?? held?.from),
    body: compact({ text: given(wanted.body.text ?? held?.body.text), voice: given(wanted.body.voice ?? held?.body.voice) }),
  });
}

/** POST body: the type, the disabled flag and the content the program gives (never syntax). */
export function expandCreate(inputs: Pick<PhoneTemplateInputs, "type" | "disabled" | "content">): PhoneTemplateCreateRequest {
  return { type: inputs.type, disabled: inputs.disabled, content: expandContent(inputs.content, undefined) };
}

/**
 * PATCH body: the disabled flag and the whole content — whether the service merges a partial one is unknown, and
 * every recorded PATCH sent it whole — so a from, text or voice `wanted` leaves out carries the value the service
 * last returned (`held`). Never the type, never syntax.
 */
export function expandUpdate(wanted: { disabled: boolean; content: ContentValues }, held: ContentValues | undefined): PhoneTemplateUpdateRequest {
  return { disabled: wanted.disabled, content: expandContent(wanted.content, held) };
}

/** Outputs derived from the service's answer (or a listed item), plus its id when it has one. */
export type FlattenedPhoneTemplate = Pick<PhoneTemplateOutputs, "type" | "disabled" | "createdAt" | "updatedAt"> & {
  id?: string;
  content: PhoneTemplateContent;
};

export function flattenPhoneTemplate(wire: ListedPhoneTemplate): FlattenedPhoneTemplate {
  const { content } = wire;
  return compact({
    id: wire.id,
    type: wire.type,
    disabled: wire.disabled ?? false,
    content: { from: content.from ?? undefined, body: { text: content.body.text ?? undefined, voice: content.body.voice ?? undefined } },
    createdAt: wire.created_at,
    updatedAt: wire.updated_at,
  });
}
