/**
 * Duo's settings on the wire (`ikey`, `skey`, `host`) and the translations. The only place that maps them. The GET
 * returns the secret key in clear: the client hands it over as a ReturnedSecret (the definition says it is one), which
 * expand sends back as it came when the program leaves the key out.
 */
import { z } from "zod";
import { ReturnedSecret } from "../../client/returnedSecret";

export const DUO_SETTINGS_PATH = "/guardian/factors/duo/settings";

/** The GET's and the PUT's answer; a tenant never configured may leave any key out. */
export const duoResponse = z.object({
  ikey: z.string().nullish(),
  skey: z.instanceof(ReturnedSecret).nullish(),
  host: z.string().nullish(),
});
export type DuoResponse = z.infer<typeof duoResponse>;

/** The PUT's body: always all three (every recorded PUT sent them; whether a PUT of fewer clears the rest is unknown). */
export interface DuoRequest {
  ikey: string;
  skey: string | ReturnedSecret;
  host: string;
}

export interface DuoValues {
  integrationKey: string | null;
  /** The tenant's key as returned (never a value outputs hold), or the program's. */
  secretKey: string | ReturnedSecret | null;
  hostname: string | null;
}

export function expandDuo(values: { integrationKey: string; secretKey: string | ReturnedSecret; hostname: string }): DuoRequest {
  return { ikey: values.integrationKey, skey: values.secretKey, host: values.hostname };
}

export function flattenDuo(response: DuoResponse): DuoValues {
  return { integrationKey: response.ikey ?? null, secretKey: response.skey ?? null, hostname: response.host ?? null };
}
