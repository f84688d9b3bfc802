/**
 * The push factor's custom app on the wire (`/prompts/mfa-push`, snake_case) and the translations. The only place
 * that maps it: an unset app answers `{}`, so every field reads as `null` when absent.
 */
import { z } from "zod";

export const CUSTOM_APP_PATH = "/prompts/mfa-push";

/** The GET's and the PATCH's answer: `{}` before anything is set, else the three fields. */
export const customAppResponse = z.object({
  app_name: z.string().nullish(),
  apple_app_link: z.string().nullish(),
  google_app_link: z.string().nullish(),
});
export type CustomAppResponse = z.infer<typeof customAppResponse>;

/** The PATCH's body: every field that has a value (each recorded PATCH sent all three). */
export interface CustomAppRequest {
  app_name?: string;
  apple_app_link?: string;
  google_app_link?: string;
}

export interface CustomAppValues {
  appName: string | null;
  appleAppLink: string | null;
  googleAppLink: string | null;
}

export function expandCustomApp(values: Partial<CustomAppValues>): CustomAppRequest {
  const request: CustomAppRequest = {};
  if (values.appName != null) request.app_name = values.appName;
  if (values.appleAppLink != null) request.apple_app_link = values.appleAppLink;
  if (values.googleAppLink != null) request.google_app_link = values.googleAppLink;
  return request;
}

export function flattenCustomApp(response: CustomAppResponse): CustomAppValues {
  return { appName: response.app_name ?? null, appleAppLink: response.apple_app_link ?? null, googleAppLink: response.google_app_link ?? null };
}
