/**
 * The FCM v1 credentials on the wire (snake_case) and the translation of inputs into the request body. The
 * answer is `{}` and there is no GET, so nothing is ever flattened.
 */
import { z } from "zod";
import type { FcmPushProviderInputs } from "./definition";

export const FCMV1_PATH = "/guardian/factors/push-notification/providers/fcmv1";

/** The PUT's answer, `{}`; anything else in it is dropped. */
export const fcmV1Response = z.object({});

export const fcmV1Request = z.object({ server_credentials: z.string() });
export type FcmV1Request = z.infer<typeof fcmV1Request>;

export function expandFcmV1(inputs: FcmPushProviderInputs): FcmV1Request {
  return { server_credentials: inputs.serverCredentials };
}
