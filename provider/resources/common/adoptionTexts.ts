/**
 * What the record-and-restore lifecycle (adoption.ts) tells the user, with the words of the resource where it gives
 * them: the defaults fit a setting of several fields (Duo's, the MFA session settings, …); the push credentials and
 * the phone templates say what stays in their own words.
 */
import type { ResourceDefinition } from "./definition";
import type { PropertyBag } from "./jsonValues";

export interface AdoptionTexts {
  /** How the write-only secret is named when create has nothing to adopt without it (default: its input's name). */
  secretNamed?: string;
  /** How an unknown key's error says the keys there are: "the known <keysCalled> are …" (default: "ones"). */
  keysCalled?: string;
  /** Destroy's warning when the stack replaced a secret the tenant had, which cannot be put back. */
  secretReplaced?(named: string): string;
  /** Destroy's warning when the tenant had no configuration and no request removes the one the stack set. */
  noneFound?(named: string): string;
  /** Destroy's warnings for fields (paths) the tenant had not set and now holds, which stay as the stack set them. */
  leftAsSet?(named: string, paths: readonly string[], stored: PropertyBag): string[];
  /** What stays when the service refuses a destroy's write (4xx): said in a warning, and the destroy goes on. */
  refused?(named: string): string;
}

/** The texts a lifecycle uses: the resource's own, else the defaults. */
export interface UsedTexts extends Required<Omit<AdoptionTexts, "refused" | "secretNamed">> {
  refused?(named: string): string;
  /** Create's error when the tenant holds nothing to adopt and the program leaves out the write-only secret. */
  noneToAdopt(what: string): string;
}

/** `why`, said of a resource removed from the stack. */
const stays = (named: string, why: string): string =>
  `${named} was removed from the stack; ${why}. Change it in the service's dashboard if it is no longer wanted.`;

export function adoptionTexts(definition: ResourceDefinition, own: AdoptionTexts | undefined, secrets: { returned?: string; writeOnly?: string }): UsedTexts {
  const noun = definition.identity.kind === "minted" ? definition.name : definition.identity.noun;
  const secret = own?.secretNamed ?? secrets.writeOnly;
  return {
    keysCalled: own?.keysCalled ?? "ones",
    noneToAdopt: (what) =>
      `${what}: the tenant has no ${noun} to adopt, so ${secret} is needed. Set it in the program, as a secret; nothing was changed.`,
    secretReplaced:
      own?.secretReplaced ??
      ((named) =>
        stays(named, `the tenant keeps what the stack set: its ${secrets.returned ?? secret} replaced the one the tenant had, which is never stored and cannot be put back`)),
    noneFound: own?.noneFound ?? ((named) => stays(named, `the ${noun} the stack set stays: the tenant had none, and no known call removes one`)),
    leftAsSet:
      own?.leftAsSet ??
      ((named, paths) => {
        const one = paths.length === 1;
        return [stays(named, `its ${paths.join(", ")} stay${one ? "s" : ""} as the stack set ${one ? "it" : "them"}: the tenant had none, and no call known to work clears one`)];
      }),
    refused: own?.refused,
  };
}
