/**
 * Risk assessment's new-device setting on the wire (`/risk-assessments/settings/new-device`, one field, `remember_for`
 * ↔ `rememberFor`, whole days) and the translations. The only place that maps it. No DELETE and no PUT: a PATCH of its
 * one required field sets it.
 */
import { z } from "zod";

export const NEW_DEVICE_PATH = "/risk-assessments/settings/new-device";

/** The GET's and the PATCH's answer. */
export const newDeviceResponse = z.object({ remember_for: z.number() });
export type NewDeviceResponse = z.infer<typeof newDeviceResponse>;
export type NewDeviceRequest = NewDeviceResponse;

export function expandNewDevice(rememberFor: number): NewDeviceRequest {
  return { remember_for: rememberFor };
}

export function flattenNewDevice(response: NewDeviceResponse): { rememberFor: number } {
  return { rememberFor: response.remember_for };
}
