// Where every id the emulator mints comes from: crypto randomness by default or, given an id seed, a stream that
// depends on the seed alone, so the same requests mint the same ids (reproducible examples and recordings).
import { createHash, randomBytes, randomUUID } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** SHA-256 of the seed and a block counter, read as one long byte stream. */
class SeededBytes {
  private block = 0;
  private pending = Buffer.alloc(0);

  constructor(private readonly seed: string) {}

  restart(): void {
    this.block = 0;
    this.pending = Buffer.alloc(0);
  }

  take(count: number): Buffer {
    while (this.pending.length < count) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(this.block++);
      const digest = createHash("sha256").update(this.seed, "utf8").update(counter).digest();
      this.pending = Buffer.concat([this.pending, digest]);
    }
    const taken = this.pending.subarray(0, count);
    this.pending = this.pending.subarray(count);
    return Buffer.from(taken);
  }
}

export class IdMint {
  private readonly seeded: SeededBytes | undefined;

  /** Without a seed every value is random; with one, the sequence is fixed by the seed. */
  constructor(readonly seed?: string) {
    this.seeded = seed === undefined ? undefined : new SeededBytes(seed);
  }

  /** Starts the sequence over (a reset tenant mints the same ids again); nothing to do when random. */
  restart(): void {
    this.seeded?.restart();
  }

  bytes(count: number): Buffer {
    return this.seeded ? this.seeded.take(count) : randomBytes(count);
  }

  string(length: number, alphabet: string): string {
    const bytes = this.bytes(length);
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
    return out;
  }

  /** A version-4 UUID, as the service gives Action ids. */
  uuid(): string {
    if (!this.seeded) return randomUUID();
    const bytes = this.seeded.take(16);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  phoneProviderId(): string {
    return `pro_${this.string(22, BASE58)}`;
  }

  eventStreamId(): string {
    return `est_${this.string(22, BASE58)}`;
  }

  phoneTemplateId(): string {
    return `tem_${this.string(22, BASE58)}`;
  }

  ticketId(): string {
    return this.string(32, ALPHANUMERIC);
  }

  /** The random part of an EventBridge partner event source name. */
  partnerSourceSuffix(): string {
    return this.string(12, ALPHANUMERIC);
  }

  /** A secret the emulator makes up for a seeded webhook. */
  secret(length: number): string {
    return this.string(length, ALPHANUMERIC);
  }
}
