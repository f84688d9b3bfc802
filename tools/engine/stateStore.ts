/**
 * The stack's state file, `<stateDir>/<stack>.state.json`, laid out like a Pulumi checkpoint (version 3).
 * In memory secrets are envelopes `{sig, value}`; on disk each one is `{sig, ciphertext}` encrypted with the
 * passphrase, so the file never holds a secret in plain text.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { checkpointText, goTimestamp, loadedEntry, storedEntry } from "./checkpointFormat";
import { PassphraseCrypter } from "./crypto";
import type { ResourceState } from "./resourceState";
import { SECRET_SIG, SECRET_VALUE_SIG, isPlainObject, isSecretEnvelope, secretEnvelope, type PropertyMap } from "./values";

export const STACK_TYPE = "pulumi:pulumi:Stack";

export type { ResourceState } from "./resourceState";

export interface StackState {
  resources: ResourceState[];
  /** Outputs of the stack resource (secrets as envelopes). */
  outputs: PropertyMap;
}

/** A checkpoint file; its resources as stored (see storedEntry) or, when read, typed as in memory. */
interface Checkpoint<Resource = ResourceState> {
  version: 3;
  checkpoint: {
    stack: string;
    latest: {
      manifest: { time: string; magic: string; version: string };
      secrets_providers?: { type: "passphrase"; state: { salt: string } };
      resources: Resource[];
    };
  };
}

export function stackOutputsOf(resources: readonly ResourceState[]): PropertyMap {
  return resources.find((resource) => resource.type === STACK_TYPE)?.outputs ?? {};
}

export class StateStore {
  private crypter: Promise<PassphraseCrypter> | undefined;
  private writes: Promise<void> = Promise.resolve();
  private latest: (() => readonly ResourceState[]) | undefined;
  private writing: Promise<void> | undefined;
  private writeError: unknown;
  /** How many times the file was written (tests check that writes are folded together). */
  writeCount = 0;
  /** Bytes written to the file so far, all writes together. */
  bytesWritten = 0;

  constructor(
    readonly stateDir: string,
    readonly stack: string,
    private readonly passphrase: string,
  ) {}

  get file(): string {
    return path.join(this.stateDir, `${this.stack}.state.json`);
  }

  /** File text as stored, "" when there is no state yet. */
  async raw(): Promise<string> {
    await this.writes;
    try {
      return await fs.promises.readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
      throw error;
    }
  }

  async load(): Promise<ResourceState[]> {
    const text = await this.raw();
    if (!text) return [];
    const checkpoint = JSON.parse(text) as Checkpoint;
    const resources = (checkpoint.checkpoint.latest.resources ?? []).map(loadedEntry);
    const salt = checkpoint.checkpoint.latest.secrets_providers?.state.salt;
    if (!salt) return resources;
    const crypter = await this.crypterFor(salt);
    return resources.map((resource) => mapSecrets(resource, (sealed) => secretEnvelope(JSON.parse(crypter.decrypt(sealed)))));
  }

  /**
   * Cheap state writes: asks for the snapshot to be saved without waiting. Requests made while a write is running
   * are folded into one more write of the newest snapshot, so a thousand steps never queue a thousand writes and
   * no step waits for the disk. `flush()` waits until everything requested is on disk.
   */
  requestSave(snapshot: () => readonly ResourceState[]): void {
    this.latest = snapshot;
    this.writing ??= this.drain();
  }

  /** Waits for requested writes; rethrows the first write failure. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.writeError !== undefined) {
      const error = this.writeError;
      this.writeError = undefined;
      throw error;
    }
  }

  private async drain(): Promise<void> {
    // Let the step that asked finish its synchronous work first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.latest) {
      const snapshot = this.latest();
      this.latest = undefined;
      await this.save(snapshot).catch((error: unknown) => (this.writeError ??= error));
    }
    this.writing = undefined;
  }

  /** Writes the whole state atomically; writes are applied in call order. */
  save(resources: readonly ResourceState[]): Promise<void> {
    const snapshot = structuredClone(resources);
    const write = this.writes.then(async () => {
      // The crypter of this store's file is kept, so a write does not re-read the file for its salt.
      const known = this.crypter ? await this.crypter.catch(() => undefined) : undefined;
      const crypter = known ?? (await this.crypterFor(await this.storedSalt()));
      const checkpoint: Checkpoint<Record<string, unknown>> = {
        version: 3,
        checkpoint: {
          stack: this.stack,
          latest: {
            manifest: { time: goTimestamp(), magic: "", version: "pulumi-tenant-engine-stand-in" },
            secrets_providers: { type: "passphrase", state: { salt: crypter.saltState } },
            resources: snapshot.map((resource) => storedEntry(mapSecrets(resource, undefined, (value) => crypter.encrypt(JSON.stringify(value))))),
          },
        },
      };
      await fs.promises.mkdir(this.stateDir, { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      const text = checkpointText(checkpoint);
      await fs.promises.writeFile(temporary, text, { mode: 0o600 });
      await fs.promises.rename(temporary, this.file);
      this.writeCount++;
      this.bytesWritten += Buffer.byteLength(text);
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  private async storedSalt(): Promise<string | undefined> {
    const text = await fs.promises.readFile(this.file, "utf8").catch(() => "");
    return text ? (JSON.parse(text) as Checkpoint).checkpoint.latest.secrets_providers?.state.salt : undefined;
  }

  /** The crypter for a stored salt (kept while the salt stays the same), or a new one for a new state file. */
  private async crypterFor(salt: string | undefined): Promise<PassphraseCrypter> {
    const current = this.crypter ? await this.crypter.catch(() => undefined) : undefined;
    if (current && (salt === undefined || current.saltState === salt)) return current;
    this.crypter = salt ? PassphraseCrypter.open(this.passphrase, salt) : PassphraseCrypter.create(this.passphrase);
    return this.crypter;
  }
}

/** Applies `open` to every stored ciphertext (load) or `seal` to every envelope's value (save) in a resource. */
function mapSecrets(resource: ResourceState, open?: (sealed: string) => unknown, seal?: (value: unknown) => string): ResourceState {
  const walk = (value: unknown): unknown => {
    if (open && isPlainObject(value) && value[SECRET_SIG] === SECRET_VALUE_SIG && typeof value.ciphertext === "string") {
      return open(value.ciphertext);
    }
    if (seal && isSecretEnvelope(value)) return { [SECRET_SIG]: SECRET_VALUE_SIG, ciphertext: seal(value.value) };
    if (Array.isArray(value)) return value.map(walk);
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return { ...resource, inputs: walk(resource.inputs) as PropertyMap, outputs: walk(resource.outputs) as PropertyMap };
}
