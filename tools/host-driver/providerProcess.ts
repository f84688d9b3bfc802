/**
 * TEST TOOL — one real provider process, started as the CLI starts it and called over gRPC one call at a time: the
 * base of its two kinds, the dynamic-provider host (dynamicProviderHost.ts) and a native resource plugin
 * (nativePlugin.ts), which differ in how they start (and the plugin in how it is loaded and stopped). It keeps
 * nothing between calls: the caller sends every property, as the engine would.
 *
 * Every call has a deadline, and a process that exits fails pending and later calls at once with the method, the
 * exit code or signal and the tail of its stderr, so a test never hangs on a dead process.
 */
import type { ChildProcess } from "node:child_process";
import type { CallOptions, ClientUnaryCall, Metadata, ServiceError } from "@grpc/grpc-js";
import type { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import type { PropertyDiffKind } from "../pulumi-cli/driver/steps";
import type { PropertyMap } from "../pulumi-cli/driver/values";
import { pulumiSdk } from "../pulumi-cli/sdk";
import { DEADLINE_EXCEEDED, HostCallError, UNAVAILABLE } from "./callErrors";
import { childPids, tail, waitUpTo } from "./processLifecycle";
import { fromStruct, toStruct } from "./structs";

export type DiffChanges = "unknown" | "none" | "some";

export interface DiffAnswer {
  changes: DiffChanges;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** The provider's changed keys (a dynamic provider never sends any). */
  diffs: string[];
  /** Per property path, when the provider sent a detailed diff: a `*-replace` kind forces a replacement. */
  detailedDiff?: Record<string, { kind: PropertyDiffKind; inputDiff: boolean }>;
}

const PROPERTY_DIFF_KINDS: PropertyDiffKind[] = ["add", "add-replace", "delete", "delete-replace", "update", "update-replace"];

function detailedDiffOf(map: { forEach(visit: (value: { getKind(): number; getInputdiff(): boolean }, key: string) => void): void }): DiffAnswer["detailedDiff"] {
  const detailed: NonNullable<DiffAnswer["detailedDiff"]> = {};
  map.forEach((value, key) => (detailed[key] = { kind: PROPERTY_DIFF_KINDS[value.getKind()] ?? "update", inputDiff: value.getInputdiff() }));
  return detailed;
}

type Unary<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

interface PendingCall {
  method: string;
  fail: (error: Error) => void;
}

export class ProviderProcess {
  private readonly pending = new Set<PendingCall>();
  private exitDescription: string | undefined;
  protected readonly exited: Promise<void>;
  protected readonly client: ResourceProviderClient;

  protected constructor(
    protected readonly child: ChildProcess,
    private readonly outputChunks: string[],
    port: number,
    private readonly callTimeoutMs: number,
    /** How errors name the process: "dynamic-provider host" or "plugin pulumi-resource-<name>". */
    protected readonly label: string,
  ) {
    const sdk = pulumiSdk();
    this.client = new sdk.providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, sdk.grpc.credentials.createInsecure(), {
      "grpc.max_receive_message_length": 400 * 1024 * 1024,
    });
    this.exited = new Promise((resolve) => {
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        this.exitDescription = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        for (const call of this.pending) call.fail(this.goneError(call.method));
        this.pending.clear();
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
      else child.once("exit", onExit);
    });
  }

  /** The process the driver started (for the dynamic-provider host, its launcher). */
  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** The process that answers the calls: the launcher's child, or the process started itself when it has none. */
  servingPid(): number {
    return childPids(this.pid)[0] ?? this.pid;
  }

  /** Everything the host wrote to stdout/stderr so far (for secret-leak scans). */
  output(): string {
    return this.outputChunks.join("");
  }

  /** Configure must come first; values may be secret envelopes (the host unwraps them). */
  async configure(config: Record<string, unknown>, opts: { acceptSecrets?: boolean } = {}): Promise<void> {
    const request = new (pulumiSdk().providerPb.ConfigureRequest)();
    request.setArgs(toStruct(config)).setAcceptsecrets(opts.acceptSecrets ?? true).setAcceptresources(true);
    await this.call("Configure", this.client.configure.bind(this.client), request);
  }

  async invoke(token: string, args: PropertyMap): Promise<{ result: PropertyMap; failures: { property: string; reason: string }[] }> {
    const request = new (pulumiSdk().providerPb.InvokeRequest)();
    request.setTok(token).setArgs(toStruct(args));
    const response = await this.call("Invoke", this.client.invoke.bind(this.client), request);
    return {
      result: fromStruct(response.getReturn()),
      failures: response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() })),
    };
  }

  async check(urn: string, olds: PropertyMap, news: PropertyMap): Promise<{ inputs: PropertyMap; failures: { property: string; reason: string }[] }> {
    const request = new (pulumiSdk().providerPb.CheckRequest)();
    request.setUrn(urn).setOlds(toStruct(olds)).setNews(toStruct(news));
    const response = await this.call("Check", this.client.check.bind(this.client), request);
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() })),
    };
  }

  async diff(
    id: string,
    urn: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs?: PropertyMap,
  ): Promise<DiffAnswer> {
    const request = new (pulumiSdk().providerPb.DiffRequest)();
    request.setId(id).setUrn(urn).setOlds(toStruct(olds)).setNews(toStruct(news));
    if (oldInputs) request.setOldInputs(toStruct(oldInputs));
    const response = await this.call("Diff", this.client.diff.bind(this.client), request);
    const changes: DiffChanges[] = ["unknown", "none", "some"];
    return {
      changes: changes[response.getChanges()] ?? "unknown",
      replaces: response.getReplacesList(),
      deleteBeforeReplace: response.getDeletebeforereplace(),
      diffs: response.getDiffsList(),
      ...(response.getHasdetaileddiff() ? { detailedDiff: detailedDiffOf(response.getDetaileddiffMap()) } : {}),
    };
  }

  async create(urn: string, properties: PropertyMap, opts: { preview?: boolean } = {}): Promise<{ id: string; properties: PropertyMap }> {
    const request = new (pulumiSdk().providerPb.CreateRequest)();
    request.setUrn(urn).setProperties(toStruct(properties)).setPreview(opts.preview ?? false);
    const response = await this.call("Create", this.client.create.bind(this.client), request);
    return { id: response.getId(), properties: fromStruct(response.getProperties()) };
  }

  async update(id: string, urn: string, olds: PropertyMap, news: PropertyMap, oldInputs?: PropertyMap): Promise<{ properties: PropertyMap }> {
    const request = new (pulumiSdk().providerPb.UpdateRequest)();
    request.setId(id).setUrn(urn).setOlds(toStruct(olds)).setNews(toStruct(news));
    if (oldInputs) request.setOldInputs(toStruct(oldInputs));
    const response = await this.call("Update", this.client.update.bind(this.client), request);
    return { properties: fromStruct(response.getProperties()) };
  }

  /**
   * `id` "" in the answer means the object is gone; `noOutputs` means the answer carried no properties at all.
   * Without `properties` (and inputs) it is the import's Read: the id only.
   */
  async read(
    id: string,
    urn: string,
    properties: PropertyMap | undefined,
    inputs?: PropertyMap,
  ): Promise<{ id: string; properties: PropertyMap; inputs?: PropertyMap; noOutputs: boolean }> {
    const request = new (pulumiSdk().providerPb.ReadRequest)();
    request.setId(id).setUrn(urn);
    if (properties) request.setProperties(toStruct(properties));
    if (inputs) request.setInputs(toStruct(inputs));
    const response = await this.call("Read", this.client.read.bind(this.client), request);
    return {
      id: response.getId(),
      properties: fromStruct(response.getProperties()),
      noOutputs: !response.hasProperties(),
      ...(response.hasInputs() ? { inputs: fromStruct(response.getInputs()) } : {}),
    };
  }

  async delete(id: string, urn: string, properties: PropertyMap, oldInputs?: PropertyMap): Promise<void> {
    const request = new (pulumiSdk().providerPb.DeleteRequest)();
    request.setId(id).setUrn(urn).setProperties(toStruct(properties));
    if (oldInputs) request.setOldInputs(toStruct(oldInputs));
    await this.call("Delete", this.client.delete.bind(this.client), request);
  }

  /** Closes the channel and ends the process and its children (SIGTERM, then SIGKILL after 2 s). */
  async stop(): Promise<void> {
    this.client.close();
    if (this.exitDescription === undefined) {
      this.signal("SIGTERM");
      const force = setTimeout(() => this.signal("SIGKILL"), 2_000);
      await this.exited;
      clearTimeout(force);
    }
  }

  /** To the process group when the driver made one (a launcher's child must not outlive it), else to the process. */
  private signal(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pid, signal);
    } catch {
      this.child.kill(signal);
    }
  }

  protected call<Req, Res>(method: string, invoke: Unary<Req, Res>, request: Req): Promise<Res> {
    if (this.exitDescription !== undefined) return Promise.reject(this.goneError(method));
    return new Promise<Res>((resolve, reject) => {
      const entry: PendingCall = { method, fail: reject };
      this.pending.add(entry);
      const deadline = Date.now() + this.callTimeoutMs;
      const { grpc } = pulumiSdk();
      invoke(request, new grpc.Metadata(), { deadline }, (error, response) => {
        if (!this.pending.delete(entry)) return; // already failed because the host exited
        if (!error) return resolve(response);
        if (error.code === UNAVAILABLE) {
          // The connection usually drops a moment before the exit event: report the exit when it comes.
          void waitUpTo(this.exited, 1_000).then(() =>
            reject(this.exitDescription !== undefined ? this.goneError(method) : new HostCallError(method, error.code, `${method} failed: ${error.details || error.message}`)),
          );
          return;
        }
        if (error.code === DEADLINE_EXCEEDED) {
          return reject(new HostCallError(method, error.code, `host call ${method} did not answer within ${this.callTimeoutMs} ms (pid ${this.pid})`));
        }
        reject(new HostCallError(method, error.code, `${method} failed: ${error.details || error.message}`));
      });
    });
  }

  private goneError(method: string): HostCallError {
    return new HostCallError(
      method,
      UNAVAILABLE,
      `${this.label} (pid ${this.pid}) ${this.exitDescription} during or before ${method}; stderr tail: ${tail(this.output())}`,
    );
  }
}
