/**
 * Secret leak scan: every artifact a run leaves behind (the state file, each serialized provider, the
 * program's and the hosts' output, every error message) is kept, and scanned at the end against every
 * secret the runs used: the sentinel client secret and SMS auth token, each access token the emulator
 * issued, and each ticket URL it minted. `RunResult.logs` is left out on purpose: it holds the SDK's debug
 * logs, which echo wire objects (secrets included) by design, like `pulumi --debug`.
 */
import type { Emulator } from "../../../tools/emulator";
import { TokenAuthority } from "../../../tools/emulator/auth";
import type { RunResult, StackState } from "../../../tools/pulumi-cli/driver";
import { isSecretEnvelope, type PulumiCliEngine } from "../../../tools/pulumi-cli/driver";
import { SENTINELS } from "../../../tools/stacks/basicStack";
import { leakedForms } from "../../support/encodedLeaks";
import { printTable } from "./table";

export type ArtifactKind = "state file" | "serialized provider" | "program output" | "error message";

interface Artifact {
  label: string;
  kind: ArtifactKind;
  text: string;
}

export interface LeakHit {
  artifact: string;
  kind: ArtifactKind;
  /** Which secret (a description, never the value). */
  secret: string;
}

/** Any JWT: three base64url parts, the first two JSON objects ("eyJ" = `{"`). */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g;
/** Enough of a token's signature to recognise a truncated copy of it. */
const SIGNATURE_PROBE_LENGTH = 32;

let issuedTokens: Set<string> | undefined;

/**
 * Records every access token any in-process emulator signs (the token endpoint and `issueToken` alike),
 * by wrapping TokenAuthority.issue; the emulator itself is unchanged. Idempotent.
 */
export function captureIssuedTokens(): ReadonlySet<string> {
  if (issuedTokens) return issuedTokens;
  const tokens = new Set<string>();
  const original = TokenAuthority.prototype.issue;
  TokenAuthority.prototype.issue = async function issueAndRecord(this: TokenAuthority, request) {
    const token = await original.call(this, request);
    tokens.add(token);
    return token;
  };
  issuedTokens = tokens;
  return tokens;
}

function serializedProviders(value: unknown, found: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) serializedProviders(item, found);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === "__provider") {
      // A secret envelope here would mean the provider captured a secret: scan its plaintext too.
      found.push(isSecretEnvelope(item) ? `SECRET ENVELOPE ${JSON.stringify(item.value)}` : String(item));
    } else {
      serializedProviders(item, found);
    }
  }
}

export class LeakScanner {
  private readonly artifacts: Artifact[] = [];
  private readonly ticketUrls = new Set<string>();
  private readonly tokens: ReadonlySet<string>;
  private readonly extraSecrets = new Map<string, string>();
  private readonly piecewiseSecrets = new Map<string, string>();

  constructor() {
    this.tokens = captureIssuedTokens();
  }

  /** Another secret a test used (e.g. a wrong client secret), scanned for like the sentinels. */
  addSecret(description: string, value: string): void {
    this.extraSecrets.set(value, description);
  }

  /**
   * A secret looked for in every encoding a server may echo it in and in pieces (test/support/encodedLeaks.ts): any 6
   * consecutive characters of its raw, URL- or form-encoded or JSON-escaped form, or any 6 of its bytes in a run of
   * base64 (Basic credentials included) or hex, is a hit.
   */
  addSecretInPieces(description: string, value: string): void {
    this.piecewiseSecrets.set(value, description);
  }

  get artifactCount(): number {
    return this.artifacts.length;
  }

  addText(label: string, kind: ArtifactKind, text: string): void {
    if (text !== "") this.artifacts.push({ label, kind, text });
  }

  /** What a user (or CI log) sees of a run. */
  addRun(label: string, result: RunResult): void {
    this.addText(label, "program output", result.programOutput);
  }

  addError(label: string, error: unknown): void {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.addText(label, "error message", message);
    const result = (error as { result?: RunResult }).result;
    if (result) this.addRun(label, result);
  }

  /** A run that must fail (an echo refused it): its error and what it printed, then the state it left. */
  async addFailingRun(label: string, engine: PulumiCliEngine, run: Promise<RunResult>): Promise<void> {
    const outcome = await run.then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    );
    if (!outcome.failed) throw new Error(`${label}: expected the run to fail`);
    this.addError(label, outcome.error);
    await this.addState(label, engine);
  }

  /** A run that must succeed: what it printed, then the state it left. */
  async addSucceedingRun(label: string, engine: PulumiCliEngine, run: Promise<RunResult>): Promise<RunResult> {
    const result = await run;
    this.addRun(label, result);
    await this.addState(label, engine);
    return result;
  }

  /**
   * The state file as stored, and every `__provider` in it (decrypted state, so a secret one shows up). Returns that
   * decrypted state, so a caller that needs it reads it once.
   */
  async addState(label: string, engine: PulumiCliEngine): Promise<StackState> {
    this.addText(label, "state file", await engine.rawState());
    // The backend's every file (history and backups too) and `pulumi stack export`.
    for (const [where, text] of Object.entries(await engine.backendTexts())) this.addText(`${label}: ${where}`, "state file", text);
    const state = await engine.readState();
    const providers: string[] = [];
    serializedProviders(state.resources, providers);
    for (const provider of providers) this.addText(label, "serialized provider", provider);
    return state;
  }

  /** Ticket URLs are secrets; call before `emulator.reset()`, which forgets them. */
  collectTickets(emulator: Emulator): void {
    for (const ticket of emulator.state.enrollmentTickets) this.ticketUrls.add(ticket.ticket_url);
  }

  private secretsIn(artifact: Artifact): string[] {
    const found: string[] = [];
    const { text } = artifact;
    if (text.includes(SENTINELS.clientSecret)) found.push("client secret (sentinel)");
    if (text.includes(SENTINELS.smsAuthToken)) found.push("SMS auth token (sentinel)");
    for (const [value, description] of this.extraSecrets) {
      if (text.includes(value)) found.push(description);
    }
    for (const [value, description] of this.piecewiseSecrets) {
      const [form] = leakedForms(text, value);
      if (form !== undefined) found.push(`${description}: a piece in ${form} form`);
    }
    for (const url of this.ticketUrls) {
      if (text.includes(url)) found.push("ticket URL");
      // The ticket id is the URL's secret part: holding it is holding the link.
      const id = new URL(url).searchParams.get("ticket");
      if (id && !text.includes(url) && text.includes(id)) found.push("ticket id (the secret part of a ticket URL)");
    }
    for (const match of text.matchAll(JWT_SHAPE)) {
      found.push(this.tokens.has(match[0]) ? "access token issued by the emulator" : "a JWT");
    }
    // Error text and outputs are small; the state file is ciphertext and JSON, where a token would be whole.
    if (artifact.kind !== "state file" && artifact.kind !== "serialized provider") {
      for (const token of this.tokens) {
        const signature = token.slice(token.lastIndexOf(".") + 1, token.lastIndexOf(".") + 1 + SIGNATURE_PROBE_LENGTH);
        if (signature.length === SIGNATURE_PROBE_LENGTH && text.includes(signature) && !text.includes(token)) {
          found.push("part of an access token issued by the emulator");
        }
      }
    }
    return found;
  }

  scan(): LeakHit[] {
    const hits: LeakHit[] = [];
    for (const artifact of this.artifacts) {
      for (const secret of this.secretsIn(artifact)) hits.push({ artifact: artifact.label, kind: artifact.kind, secret });
    }
    return hits;
  }

  /** Scans, prints the summary table and returns the hits (the caller asserts there are none). */
  report(title: string): LeakHit[] {
    const hits = this.scan();
    const kinds: ArtifactKind[] = ["state file", "serialized provider", "program output", "error message"];
    const rows = kinds.map((kind) => {
      const ofKind = this.artifacts.filter((artifact) => artifact.kind === kind);
      const bytes = ofKind.reduce((sum, artifact) => sum + Buffer.byteLength(artifact.text), 0);
      return [kind, ofKind.length, bytes, hits.filter((hit) => hit.kind === kind).length];
    });
    printTable(
      `${title} — secret leak scan (${this.tokens.size} access tokens, ${this.ticketUrls.size} ticket URLs, ` +
        `${2 + this.extraSecrets.size + this.piecewiseSecrets.size} sentinels)`,
      ["artifact", "scanned", "bytes", "hits"],
      rows,
    );
    return hits;
  }
}
