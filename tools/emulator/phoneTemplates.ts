// The tenant's phone notification templates: those customized through the API (each with an id, one per type)
// and the default every type falls back to, which a listing shows without an id. The routes that serve them
// are in routes/phoneTemplates.ts.

export const PHONE_TEMPLATE_TYPES = ["otp_verify", "otp_enroll", "change_password", "blocked_account", "password_breach"] as const;
export type PhoneTemplateType = (typeof PHONE_TEMPLATE_TYPES)[number];

/** The types whose default a listing shows: the four the recorded listings held (never password_breach). */
export const LISTED_DEFAULT_TYPES: readonly PhoneTemplateType[] = ["blocked_account", "change_password", "otp_enroll", "otp_verify"];

export interface PhoneTemplateBody {
  text?: string;
  voice?: string;
}

export interface StoredPhoneTemplate {
  id: string;
  tenant: string;
  channel: "phone";
  type: PhoneTemplateType;
  disabled: boolean;
  created_at: string;
  updated_at: string;
  /** `from` is absent when the template was created without one (never `""`, which the API refuses). */
  content: { syntax: "liquid"; body: PhoneTemplateBody; from?: string };
}

const BLOCKED_ACCOUNT =
  "We detected suspicious activity on your account from the ip {{user.source_ip}}{% if user.city %} from {{user.city}}, " +
  "{{user.country}}{% elsif user.country %} from {{user.country}}{% endif %}. Logins from this IP have been blocked on your " +
  "account. If this is your IP, please reset your password to unblock your account. Otherwise, disregard this message.";
const VERIFICATION_VOICE =
  "Hello. Your verification code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your verification code is {{ pause }} {{ code | escape }}";

/**
 * Each type's default body. The first four are the service's, as its listings and a reset were recorded
 * answering (2025-02); password_breach's was never seen, so its text is the emulator's own.
 */
export const PHONE_TEMPLATE_DEFAULT_BODIES: Readonly<Record<PhoneTemplateType, Required<PhoneTemplateBody>>> = {
  blocked_account: { text: BLOCKED_ACCOUNT, voice: BLOCKED_ACCOUNT },
  change_password: {
    text: "{{ code | escape }} is your password change code for {{ friendly_name | escape }}",
    voice:
      "Hello. Your password change code for {{ friendly_name | escape }} is {{ pause }} {{ code | escape }}. I repeat, your password change code is {{ pause }} {{ code | escape }}",
  },
  otp_enroll: {
    text: "{{ code | escape }} is your verification code for {{ friendly_name | escape }}. Please enter this code to verify your enrollment.",
    voice: VERIFICATION_VOICE,
  },
  otp_verify: { text: "{{ code | escape }} is your verification code for {{ friendly_name | escape }}", voice: VERIFICATION_VOICE },
  password_breach: {
    text: "Your password for {{ friendly_name | escape }} was found in a data breach on another site. Please reset your password.",
    voice:
      "Hello. Your password for {{ friendly_name | escape }} was found in a data breach on another site. I repeat, please reset your password.",
  },
};

/** The body in the service's key order (text, then voice). */
function bodyView(body: PhoneTemplateBody): PhoneTemplateBody {
  return { ...(body.text !== undefined ? { text: body.text } : {}), ...(body.voice !== undefined ? { voice: body.voice } : {}) };
}

/** A customized template as the API answers it, keys in the recorded order. */
export function phoneTemplateView(template: StoredPhoneTemplate): Record<string, unknown> {
  const { content } = template;
  return {
    id: template.id,
    tenant: template.tenant,
    channel: template.channel,
    type: template.type,
    disabled: template.disabled,
    created_at: template.created_at,
    updated_at: template.updated_at,
    content: { syntax: content.syntax, body: bodyView(content.body), ...(content.from !== undefined ? { from: content.from } : {}) },
  };
}

export interface ListingOptions {
  /** Only templates whose `disabled` is this; both when undefined. */
  disabled?: boolean;
  /**
   * The timestamp the defaults carry: the service made them up at read time (one for the whole listing). Left
   * out, the defaults have no timestamps (the state snapshot, which must not change from one read to the next).
   */
  readAt?: string;
}

export class PhoneTemplates {
  /** Customized templates by id; change them to simulate out-of-band edits (drift). */
  readonly custom = new Map<string, StoredPhoneTemplate>();
  /** Each type's default body: what the listing shows for a type not customized, and what a reset restores. */
  readonly defaultBodies = new Map<PhoneTemplateType, Required<PhoneTemplateBody>>();

  constructor(private readonly tenant: string) {
    this.clear();
  }

  /** A fresh tenant: nothing customized, the service's default texts. */
  clear(): void {
    this.custom.clear();
    for (const type of PHONE_TEMPLATE_TYPES) this.defaultBodies.set(type, { ...PHONE_TEMPLATE_DEFAULT_BODIES[type] });
  }

  findByType(type: PhoneTemplateType): StoredPhoneTemplate | undefined {
    return [...this.custom.values()].find((template) => template.type === type);
  }

  defaultBody(type: PhoneTemplateType): Required<PhoneTemplateBody> {
    return { ...(this.defaultBodies.get(type) ?? PHONE_TEMPLATE_DEFAULT_BODIES[type]) };
  }

  /** GET /branding/phone/templates: customized templates, then the listed defaults not customized; each part by type. */
  list({ disabled, readAt }: ListingOptions = {}): Record<string, unknown>[] {
    const byType = (a: { type: string }, b: { type: string }): number => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0);
    const custom = [...this.custom.values()].sort(byType);
    const customized = new Set(custom.map((template) => template.type));
    const defaults = [...LISTED_DEFAULT_TYPES].filter((type) => !customized.has(type)).sort();
    return [
      ...custom.filter((template) => disabled === undefined || template.disabled === disabled).map(phoneTemplateView),
      // Defaults are never disabled.
      ...(disabled === true ? [] : defaults.map((type) => this.defaultView(type, readAt))),
    ];
  }

  /** For /__emulator/state: the listing as it stands, defaults without their read-time timestamps. */
  snapshot(): Record<string, unknown>[] {
    return this.list();
  }

  private defaultView(type: PhoneTemplateType, readAt: string | undefined): Record<string, unknown> {
    return {
      tenant: this.tenant,
      channel: "phone",
      type,
      disabled: false,
      ...(readAt !== undefined ? { created_at: readAt, updated_at: readAt } : {}),
      content: { syntax: "liquid", body: this.defaultBody(type), from: "" },
    };
  }
}
