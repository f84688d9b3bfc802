// The local emulator of the tenant management API: an independent implementation of the contract
// (it never imports provider/), for tests, the demo and users' own programs.
import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo, Server } from "node:net";
import { TokenAuthority } from "./auth";
import { FaultBook } from "./faults";
import { HeldRequests } from "./heldRequests";
import { IdMint } from "./ids";
import { bucketConfigProblem, RateLimiter } from "./rateLimit";
import { RequestLog, TOKEN_PATH } from "./requestLog";
import { apiRoutes, Router } from "./routes";
import { CONTRACT_SCOPES } from "./scopes";
import type { EmulatorCore } from "./core";
import { createRequestHandler } from "./server";
import { checkRiskAssessmentSwitches, DEFAULT_RISK_ASSESSMENT_SWITCHES } from "./riskAssessment";
import { EmulatorState } from "./state";
import { TokenEndpoint, type RegisteredClient } from "./tokenEndpoint";
import type { Emulator, EmulatorClient, EmulatorOptions } from "./types";

export type {
  Emulator,
  EmulatorClient,
  EmulatorOptions,
  BucketConfig,
  FaultKind,
  FaultSpec,
  HeldRequest,
  HeldRequestOutcome,
  IssueTokenOptions,
  RequestLogEntry,
} from "./types";
export { EmulatorState } from "./state";
export { SEED_DESTINATIONS } from "./state";
export { PushCredentials, SNS_FIELDS } from "./pushCredentials";
export type { StoredApns, StoredFcmV1, StoredSns } from "./pushCredentials";
export { MFA_FACTORS, MFA_POLICIES, PHONE_MESSAGE_TYPES, MfaSettings } from "./mfaState";
export { FactorSettings, USER_VERIFICATIONS } from "./factorSettings";
export type { OtpFactor, StoredCustomApp, StoredDuo, StoredGuardianSettings, StoredOtpSettings, StoredWebAuthn, UserVerification, WebAuthnFactor } from "./factorSettings";
export type { MfaFactorName, MfaPolicyName, MfaSeed, PhoneMessageType, StoredFactor } from "./mfaState";
export { ADAPTIVE_MFA_ENTITLEMENTS, RiskAssessment } from "./riskAssessment";
export type { AdaptiveMfaEntitlement, RiskAssessmentSeed, StoredNewDevice, StoredRiskAssessment } from "./riskAssessment";
export { MFA_FACTOR_LIST_FLAG, MFA_POSTLOGIN_KEY, PATCH_ONLY_FLAGS, TenantSettings, WRITABLE_FLAGS } from "./tenantSettings";
export type { StoredTenantSettings, TenantFlags, TenantSettingsSeed } from "./tenantSettings";
export { LISTED_DEFAULT_TYPES, PHONE_TEMPLATE_DEFAULT_BODIES, PHONE_TEMPLATE_TYPES, PhoneTemplates } from "./phoneTemplates";
export type { PhoneTemplateBody, PhoneTemplateType, StoredPhoneTemplate } from "./phoneTemplates";
export type {
  StoredEventStream,
  StoredDestination,
  StoredPhoneProvider,
  IssuedEnrollmentTicket,
  PushProviderName,
  SeedDestination,
  SeedOptions,
} from "./state";
export { CONTRACT_SCOPES, isContractScope } from "./scopes";
export { userExists, CUSTOM_DOMAIN_HEADER } from "./routes/enrollmentTickets";
export { APNS_PATH, FCMV1_PATH, SNS_PATH } from "./routes/pushCredentials";
export { CUSTOM_APP_PATH, DUO_SETTINGS_PATH, GUARDIAN_SETTINGS_PATH } from "./routes/factorSettings";
export { NEW_DEVICE_PATH, RISK_ASSESSMENT_PATH } from "./routes/riskAssessment";
export { TENANT_SETTINGS_PATH } from "./routes/tenantSettings";
/** The `next` value the listing sends on a page that ends at this stream (for tests that follow the chain). */
export { encodeCursor as eventStreamCursor } from "./routes/streamCursor";

export const DEFAULT_CLIENT: Readonly<EmulatorClient> = { id: "demo", secret: "demo-secret" };
const DEFAULT_TTL_SECONDS = 86_400;
const DEFAULT_TENANT = "demo-tenant";

function checkOptions(options: EmulatorOptions): void {
  const { port = 0, host = "127.0.0.1", tokenTtlSeconds, rateLimit, refillPerSecond, tenant, clients } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`port must be an integer 0..65535, got ${port}`);
  if (host !== "127.0.0.1") throw new Error(`host must be 127.0.0.1, got ${String(host)}`);
  const { eventStreamStatusDefault = "enabled" } = options;
  if (eventStreamStatusDefault !== "enabled" && eventStreamStatusDefault !== "disabled") {
    throw new Error(`eventStreamStatusDefault must be "enabled" or "disabled", got ${String(eventStreamStatusDefault)}`);
  }
  if (tokenTtlSeconds !== undefined && (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds < 1)) {
    throw new Error(`tokenTtlSeconds must be a positive integer, got ${tokenTtlSeconds}`);
  }
  if (rateLimit !== undefined) {
    const problem = bucketConfigProblem({ size: rateLimit, refillPerSecond });
    if (problem) throw new Error(`rateLimit: ${problem}`);
  } else if (refillPerSecond !== undefined) {
    throw new Error("refillPerSecond needs rateLimit (the bucket size)");
  }
  if (options.idSeed !== undefined && (typeof options.idSeed !== "string" || options.idSeed === "")) {
    throw new Error("idSeed must be a non-empty string");
  }
  checkRiskAssessmentSwitches({ entitlement: options.adaptiveMfa, confidenceScoreSideEffect: options.confidenceScoreSideEffect });
  if (tenant !== undefined && (tenant.length < 1 || tenant.length > 255)) throw new Error("tenant must be 1..255 characters");
  if (clients !== undefined) {
    if (clients.length === 0) throw new Error("clients must not be empty");
    const ids = new Set<string>();
    for (const client of clients) {
      if (!client.id || !client.secret) throw new Error("every client needs an id and a secret");
      if (ids.has(client.id)) throw new Error(`client ${client.id} is listed twice`);
      ids.add(client.id);
    }
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  checkOptions(options);
  const clients = new Map<string, RegisteredClient>(
    (options.clients ?? [DEFAULT_CLIENT]).map((client) => [
      client.id,
      { secret: client.secret, scopes: [...(client.scopes ?? CONTRACT_SCOPES)] },
    ]),
  );
  const ttlSeconds = options.tokenTtlSeconds ?? DEFAULT_TTL_SECONDS;
  const authority = await TokenAuthority.create();
  const ids = new IdMint(options.idSeed);
  const state = new EmulatorState(options.tenant ?? DEFAULT_TENANT, options.eventStreamStatusDefault ?? "enabled", ids, {
    entitlement: options.adaptiveMfa ?? DEFAULT_RISK_ASSESSMENT_SWITCHES.entitlement,
    confidenceScoreSideEffect: options.confidenceScoreSideEffect ?? DEFAULT_RISK_ASSESSMENT_SWITCHES.confidenceScoreSideEffect,
  });
  const bucket = options.rateLimit === undefined ? undefined : { size: options.rateLimit, refillPerSecond: options.refillPerSecond };
  const limiter = new RateLimiter(bucket, options.retryAfter ?? false);
  const faults = new FaultBook();
  const held = new HeldRequests();
  const log = new RequestLog();

  const core: EmulatorCore = {
    state,
    authority,
    tokenEndpoint: new TokenEndpoint(authority, clients, ttlSeconds, ids),
    limiter,
    faults,
    held,
    log,
    router: new Router(apiRoutes),
    baseUrl: "",
    retryAfter: options.retryAfter ?? false,
    reset: () => {
      state.clear();
      ids.restart();
      log.clear();
      faults.clear();
      limiter.reset();
    },
    seed: (count, seedOptions) => {
      state.seedEventStreams(count, seedOptions);
    },
  };

  // Default-sized tokens carry all 240 scopes (~8 KB), so allow generous headers.
  const serverOptions = { keepAlive: true, maxHeaderSize: 64 * 1024 };
  const handler = createRequestHandler(core);
  const server = options.tls
    ? createTlsServer({ ...serverOptions, key: options.tls.key, cert: options.tls.cert }, handler)
    : createServer(serverOptions, handler);
  server.keepAliveTimeout = 30_000;
  const port = await listen(server, options.port ?? 0, "127.0.0.1");
  core.baseUrl = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  authority.setBaseUrl(core.baseUrl);

  let closing: Promise<void> | undefined;
  return {
    url: core.baseUrl,
    state,
    requests: log.entries,
    count: (method, pathPrefix) => log.count(method, pathPrefix),
    tokenRequests: () => log.count("POST", TOKEN_PATH),
    issuedAccessTokens: () => [...core.tokenEndpoint.issued],
    seedEventStreams: (n, seedOptions) => core.seed(n, seedOptions),
    seedMfa: (seed) => state.mfa.seed(seed),
    seedRiskAssessment: (seed) => state.riskAssessment.seed(seed),
    seedTenantSettings: (seed) => state.tenantSettings.seed(seed),
    injectFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    heldRequests: () => held.list(),
    setRateLimit: (config) => limiter.configure(config),
    reset: () => core.reset(),
    issueToken: async (clientId, opts = {}) => {
      const client = clients.get(clientId);
      if (!client) throw new Error(`issueToken: unknown client ${clientId}`);
      return authority.issue({
        clientId,
        scopes: opts.scopes ?? client.scopes,
        expiresInSeconds: opts.expiresInSeconds ?? ttlSeconds,
        audience: opts.audience,
        issuer: opts.issuer,
        notBeforeSeconds: opts.notBeforeSeconds,
      });
    },
    rotateClientSecret: (clientId, newSecret) => core.tokenEndpoint.rotateSecret(clientId, newSecret),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        held.dropAll();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
