/**
 * The stand-in's gRPC side facing the program: one server on 127.0.0.1:0 serving the ResourceMonitor and Engine
 * services (§6.3). Methods not listed answer UNIMPLEMENTED, which the SDK tolerates (signalAndWaitForShutdown).
 */
import type { Server } from "@grpc/grpc-js";
import type {
  ReadResourceRequest,
  RegisterResourceOutputsRequest,
  RegisterResourceRequest,
  ResourceInvokeRequest,
  SupportsFeatureRequest,
} from "@pulumi/pulumi/proto/resource_pb";
import type { Deployment } from "./deployment";
import { addEngineService, listenOnLoopback, stopServer, unary, type EngineLog } from "./engineLogService";
import { invokeFunction, readResource, registerResource } from "./register";
import { propertyDependenciesOf, sourceInfoOf } from "./requestInfo";
import { pulumiSdk } from "./sdk";
import { toStruct } from "./structs";

/** Only secrets: no output-value envelopes or resource references in what the program sends. */
const SUPPORTED_FEATURES = new Set(["secrets"]);

function optional(text: string): string | undefined {
  return text === "" ? undefined : text;
}

export class MonitorServer {
  private constructor(
    private readonly server: Server,
    readonly address: string,
  ) {}

  static async start(deployment: Deployment, onLog: (log: EngineLog) => void): Promise<MonitorServer> {
    const { grpc, resourceGrpc, resourcePb, emptyPb } = pulumiSdk();
    const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });

    server.addService(resourceGrpc.ResourceMonitorService, {
      supportsFeature: unary((request: SupportsFeatureRequest) =>
        new resourcePb.SupportsFeatureResponse().setHassupport(SUPPORTED_FEATURES.has(request.getId())),
      ),
      registerResource: unary(async (request: RegisterResourceRequest) => {
        const object = request.getObject()?.toJavaScript() ?? {};
        const dependencies = request.getDependenciesList();
        const sentPropertyDependencies: Record<string, string[]> = {};
        request.getPropertydependenciesMap().forEach((deps, key) => (sentPropertyDependencies[key] = deps.getUrnsList()));
        const result = await registerResource(deployment, {
          type: request.getType(),
          name: request.getName(),
          parent: optional(request.getParent()),
          custom: request.getCustom(),
          object,
          provider: optional(request.getProvider()),
          dependencies,
          deleteBeforeReplace: request.getDeletebeforereplacedefined() ? request.getDeletebeforereplace() : undefined,
          protect: request.getProtect() === true,
          retainOnDelete: request.getRetainondelete() === true,
          ignoreChanges: request.getIgnorechangesList(),
          replaceOnChanges: request.getReplaceonchangesList(),
          additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
          importId: optional(request.getImportid()),
          propertyDependencies: propertyDependenciesOf(sentPropertyDependencies, Object.keys(object), dependencies),
          ...sourceInfoOf(request.getSourceposition(), request.getStacktrace(), deployment.projectRoot),
        });
        return new resourcePb.RegisterResourceResponse().setUrn(result.urn).setId(result.id).setObject(toStruct(result.object));
      }),
      readResource: unary(async (request: ReadResourceRequest) => {
        const result = await readResource(deployment, {
          id: request.getId(),
          type: request.getType(),
          name: request.getName(),
          parent: optional(request.getParent()),
          properties: request.getProperties()?.toJavaScript() ?? {},
          provider: optional(request.getProvider()),
          dependencies: request.getDependenciesList(),
          additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
          ...sourceInfoOf(request.getSourceposition(), request.getStacktrace(), deployment.projectRoot),
        });
        return new resourcePb.ReadResourceResponse().setUrn(result.urn).setProperties(toStruct(result.properties));
      }),
      invoke: unary(async (request: ResourceInvokeRequest) => {
        const result = await invokeFunction(deployment, request.getTok(), request.getArgs()?.toJavaScript() ?? {}, optional(request.getProvider()));
        const { providerPb } = pulumiSdk();
        return new providerPb.InvokeResponse()
          .setReturn(toStruct(result.result))
          .setFailuresList(result.failures.map((failure) => new providerPb.CheckFailure().setProperty(failure.property).setReason(failure.reason)));
      }),
      registerResourceOutputs: unary((request: RegisterResourceOutputsRequest) => {
        deployment.registerOutputs(request.getUrn(), request.getOutputs()?.toJavaScript() ?? {});
        return new emptyPb.Empty();
      }),
    });

    addEngineService(server, onLog);
    return new MonitorServer(server, await listenOnLoopback(server));
  }

  stop(): Promise<void> {
    return stopServer(this.server);
  }
}
