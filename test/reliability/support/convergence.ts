/**
 * What "converged" means for examples/basic: the tenant (emulator.state) holds what the program declares,
 * with exactly one phone provider, and the stack's state (readState) describes that same tenant.
 */
import { isDeepStrictEqual } from "node:util";
import type { Emulator, StoredPhoneProvider } from "../../../tools/emulator";
import type { ResourceState, StackState } from "../../../tools/pulumi-cli/driver";
import { isSecretEnvelope, stripSecrets } from "../../../tools/pulumi-cli/driver";
import { SENTINELS } from "../../../tools/stacks/basicStack";

export type PushProvider = "guardian" | "sns" | "direct";

/** The knobs of examples/basic this suite turns (its project config). */
export interface BasicDesired {
  pushProvider: PushProvider;
  smsDisabled: boolean;
  ticketUserId: string;
}

export const INITIAL_DESIRED: BasicDesired = { pushProvider: "sns", smsDisabled: false, ticketUserId: "auth0|alice" };

export function projectConfigOf(desired: BasicDesired): Record<string, string> {
  return {
    pushProvider: desired.pushProvider,
    smsDisabled: String(desired.smsDisabled),
    ticketUserId: desired.ticketUserId,
  };
}

/** What examples/basic sends for the phone provider (besides `disabled` and the credentials). */
const EXPECTED_CONFIGURATION = {
  sid: "AC0000000000000000000000000000demo",
  delivery_methods: ["text", "voice"],
  default_from: "+15550100",
};

const TYPES = {
  push: "pulumi-nodejs:dynamic/tenant:PushProviderSelection",
  phone: "pulumi-nodejs:dynamic/tenant:PhoneProvider",
  ticket: "pulumi-nodejs:dynamic/tenant:EnrollmentTicket",
} as const;

export interface ConvergenceReport {
  /** Phone providers on the tenant beyond one, plus resources the state holds twice. */
  duplicates: number;
  /** Every way the tenant differs from the program or the state from the tenant. */
  mismatches: string[];
  phoneProviders: number;
  ticketsMinted: number;
}

function plain(value: unknown): unknown {
  return stripSecrets(value);
}

function checkPhoneProvider(provider: StoredPhoneProvider, desired: BasicDesired, resource: ResourceState | undefined, problems: string[]): void {
  if (provider.name !== "vendor_a") problems.push(`tenant: phone provider name is ${provider.name}`);
  if (provider.disabled !== desired.smsDisabled) problems.push(`tenant: phone provider disabled=${provider.disabled}, program says ${desired.smsDisabled}`);
  if (!isDeepStrictEqual(provider.configuration, EXPECTED_CONFIGURATION)) problems.push("tenant: phone provider configuration differs from the program");
  if (provider.credentials.auth_token !== SENTINELS.smsAuthToken) problems.push("tenant: phone provider credentials are not the program's");
  if (!resource) return;
  const outputs = resource.outputs;
  if (resource.id !== provider.id) problems.push(`state: PhoneProvider id ${String(resource.id)} is not the tenant's ${provider.id}`);
  const live = {
    name: provider.name,
    disabled: provider.disabled,
    channel: provider.channel,
    configuration: {
      sid: provider.configuration.sid,
      deliveryMethods: provider.configuration.delivery_methods,
      defaultFrom: provider.configuration.default_from,
    },
  };
  const recorded = {
    name: outputs.name,
    disabled: outputs.disabled,
    channel: outputs.channel,
    configuration: plain(outputs.configuration),
  };
  // Timestamps are left out: a late duplicate of an identical PATCH (after a client timeout) only moves updated_at.
  if (!isDeepStrictEqual(recorded, live)) problems.push("state: PhoneProvider outputs differ from the tenant's provider");
  if (!isSecretEnvelope(outputs.credentials)) problems.push("state: PhoneProvider credentials are not secret");
  else if (!isDeepStrictEqual(outputs.credentials.value, { authToken: SENTINELS.smsAuthToken })) {
    problems.push("state: PhoneProvider credentials differ from the program's");
  }
}

function checkTicket(emulator: Emulator, desired: BasicDesired, resource: ResourceState | undefined, problems: string[]): void {
  if (!resource) return;
  if (!isSecretEnvelope(resource.outputs.ticketId)) {
    problems.push("state: EnrollmentTicket ticketId is not secret");
    return;
  }
  const ticketId = resource.outputs.ticketId.value;
  const ticket = emulator.state.enrollmentTickets.find((minted) => minted.ticket_id === ticketId);
  if (!ticket) {
    problems.push(`state: EnrollmentTicket ${String(resource.id)} was never minted by the tenant`);
    return;
  }
  const expectedRequest = { user_id: desired.ticketUserId, factor: "push-notification", send_mail: false };
  if (!isDeepStrictEqual(ticket.request, expectedRequest)) problems.push("tenant: the state's ticket was minted for other inputs");
  if (resource.outputs.userId !== desired.ticketUserId) problems.push("state: EnrollmentTicket userId is not the program's");
  if (!isSecretEnvelope(resource.outputs.ticketUrl)) problems.push("state: ticketUrl is not secret");
  else if (resource.outputs.ticketUrl.value !== ticket.ticket_url) problems.push("state: ticketUrl differs from the minted ticket's");
}

function checkStackOutputs(emulator: Emulator, state: StackState, provider: StoredPhoneProvider | undefined, problems: string[]): void {
  const outputs = plain(state.outputs) as Record<string, unknown>;
  const ticket = state.resources.find((resource) => resource.type === TYPES.ticket);
  const expected: Record<string, unknown> = {
    pushProvider: emulator.state.pushProvider,
    phoneProviderId: provider?.id,
    smsDisabled: provider?.disabled,
    ticketId: plain(ticket?.outputs.ticketId),
    eventStreamCount: emulator.state.eventStreams.length,
    eventStreamNames: emulator.state.eventStreams.slice(0, 5).map((stream) => stream.name),
  };
  for (const [key, value] of Object.entries(expected)) {
    if (!isDeepStrictEqual(outputs[key], value)) problems.push(`state: stack output ${key} does not match the tenant`);
  }
}

/** Compares program, tenant and state; never throws for a mismatch (the caller asserts on the report). */
export function checkConvergence(emulator: Emulator, state: StackState, desired: BasicDesired): ConvergenceReport {
  const problems: string[] = [];
  const byType = (type: string): ResourceState[] => state.resources.filter((resource) => resource.type === type);
  const [push, phone, ticket] = [byType(TYPES.push), byType(TYPES.phone), byType(TYPES.ticket)];
  let duplicates = 0;
  for (const [name, resources] of [["PushProviderSelection", push], ["PhoneProvider", phone], ["EnrollmentTicket", ticket]] as const) {
    if (resources.length === 0) problems.push(`state: no ${name}`);
    duplicates += Math.max(0, resources.length - 1);
  }
  if (state.resources.some((resource) => resource.delete)) problems.push("state: a replaced resource is still pending deletion");

  const providers = [...emulator.state.phoneProviders.values()];
  duplicates += Math.max(0, providers.length - 1);
  if (providers.length === 0) problems.push("tenant: no phone provider");

  if (emulator.state.pushProvider !== desired.pushProvider) {
    problems.push(`tenant: push provider is ${emulator.state.pushProvider}, program says ${desired.pushProvider}`);
  }
  if (push[0] && plain(push[0].outputs.provider) !== emulator.state.pushProvider) problems.push("state: PushProviderSelection provider differs from the tenant's");
  if (push[0] && push[0].id !== new URL(emulator.url).host) problems.push("state: PushProviderSelection id is not the tenant's host");

  if (providers.length === 1) checkPhoneProvider(providers[0], desired, phone[0], problems);
  checkTicket(emulator, desired, ticket[0], problems);
  checkStackOutputs(emulator, state, providers.length === 1 ? providers[0] : undefined, problems);

  return { duplicates, mismatches: problems, phoneProviders: providers.length, ticketsMinted: emulator.state.enrollmentTickets.length };
}

/** Ticket ids the state holds (to tell tickets the engine knows from ones an ambiguous POST minted). */
export function ticketIdsInState(state: StackState): string[] {
  return state.resources
    .filter((resource) => resource.type === TYPES.ticket && resource.id)
    .map((resource) => plain(resource.outputs.ticketId))
    .filter((id): id is string => typeof id === "string");
}
