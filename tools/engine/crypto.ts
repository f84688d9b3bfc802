/**
 * Passphrase secrets, shaped like Pulumi's passphrase secrets provider: a key derived with PBKDF2-SHA256
 * (1 000 000 iterations, 32 bytes) from the passphrase and a random salt, AES-256-GCM per value with a fresh
 * 12-byte nonce, text as `v1:<nonce b64>:<ciphertext+tag b64>`. The salt state `v1:<salt b64>:<"pulumi" encrypted>`
 * lets a wrong passphrase be detected before anything is decrypted.
 */
import * as crypto from "node:crypto";
import { promisify } from "node:util";

const pbkdf2 = promisify(crypto.pbkdf2);
const ITERATIONS = 1_000_000;
const KEY_BYTES = 32;
const CHECK_PLAINTEXT = "pulumi";

// Deriving a key costs ~0.4 s; runs of one test share a state file, so keep each derived key.
const derivedKeys = new Map<string, Promise<Buffer>>();

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  const cacheKey = `${salt.toString("base64")}:${crypto.createHash("sha256").update(passphrase).digest("hex")}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = pbkdf2(passphrase, salt, ITERATIONS, KEY_BYTES, "sha256");
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

export class IncorrectPassphraseError extends Error {
  constructor() {
    super("incorrect passphrase: the state file's secrets were encrypted with a different passphrase");
    this.name = "IncorrectPassphraseError";
  }
}

export class PassphraseCrypter {
  private constructor(
    private readonly key: Buffer,
    /** Stored in the state file (`secrets_providers.state.salt`). */
    readonly saltState: string,
  ) {}

  static async create(passphrase: string): Promise<PassphraseCrypter> {
    const salt = crypto.randomBytes(8);
    const key = await deriveKey(passphrase, salt);
    const check = encrypt(key, CHECK_PLAINTEXT);
    return new PassphraseCrypter(key, `v1:${salt.toString("base64")}:${check}`);
  }

  static async open(passphrase: string, saltState: string): Promise<PassphraseCrypter> {
    const match = /^v1:([^:]+):(v1:[^:]+:[^:]+)$/.exec(saltState);
    if (!match) throw new Error(`unrecognised passphrase salt state "${saltState.slice(0, 20)}…"`);
    const key = await deriveKey(passphrase, Buffer.from(match[1], "base64"));
    let check: string;
    try {
      check = decrypt(key, match[2]);
    } catch {
      throw new IncorrectPassphraseError();
    }
    if (check !== CHECK_PLAINTEXT) throw new IncorrectPassphraseError();
    return new PassphraseCrypter(key, saltState);
  }

  encrypt(plaintext: string): string {
    return encrypt(this.key, plaintext);
  }

  decrypt(ciphertext: string): string {
    return decrypt(this.key, ciphertext);
  }
}

function encrypt(key: Buffer, plaintext: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

function decrypt(key: Buffer, text: string): string {
  const [version, nonce, sealed] = text.split(":");
  if (version !== "v1" || !nonce || !sealed) throw new Error("malformed ciphertext (expected v1:<nonce>:<ciphertext>)");
  const bytes = Buffer.from(sealed, "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
}
