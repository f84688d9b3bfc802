/**
 * TEST TOOL — the Node.js language host the CLI is pointed at with `--client=<address>`, in place of
 * `pulumi-language-nodejs`, whose Go module (`sdk/nodejs/cmd/pulumi-language-nodejs/v3`) the module proxy these
 * machines reach does not serve at any version. Its Run does what that host's Run does: it starts the program's
 * own `@pulumi/pulumi/cmd/run` with the arguments and environment the Go host builds (`constructArguments`,
 * `constructConfig`, the `typescript`/`tsconfig`/`nodeargs` runtime options), and answers Bail for the runner's
 * exit code 32. What it leaves out: the monitor proxy and the `--sync` pipes (synchronous invokes), dependency
 * installation, code generation, and the program's output reaching the CLI's diagnostics (it goes to `onOutput`).
 * Everything else — the engine, step logic, state, secrets, plugins, the display — is the real CLI's.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as LanguageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import type * as LanguagePb from "@pulumi/pulumi/proto/language_pb";
import { readProject, type ProjectInfo } from "./project";
import { pulumiSdk, runScript } from "./sdk";

/** The runner's "I already told the user" exit code (`cmd/run`: nodeJSProcessExitedAfterLoggingUserActionableMessage). */
const EXITED_AFTER_USER_MESSAGE = 32;

export interface ClientHostOptions {
  /** Extra environment for the program (on top of this process's). */
  env?: NodeJS.ProcessEnv;
  /** The program's stdout and stderr, as they arrive. */
  onOutput?: (text: string) => void;
}

export interface ClientHost {
  /** `127.0.0.1:<port>`, for `pulumi … --client=<address>`. */
  address: string;
  close(): Promise<void>;
}

/** `<namespace>:<name>` keys become `<namespace>:config:<name>`, as the Go host passes them to every SDK. */
function configJson(config: Map<string, string> | Array<[string, string]>): string {
  const entries = Array.from(config as Iterable<[string, string]>).map(([key, value]) => {
    const colon = key.indexOf(":");
    return [colon < 0 ? key : `${key.slice(0, colon)}:config:${key.slice(colon + 1)}`, value] as const;
  });
  return JSON.stringify(Object.fromEntries(entries));
}

export async function startNodejsClientHost(opts: ClientHostOptions = {}): Promise<ClientHost> {
  const sdk = pulumiSdk();
  const fromSdk = createRequire(path.join(sdk.dir, "package.json"));
  const languagePb = fromSdk("./proto/language_pb") as typeof LanguagePb;
  const languageGrpc = fromSdk("./proto/language_grpc_pb") as typeof LanguageGrpc;
  const { grpc } = sdk;
  // The engine address reaches a `--client` host as the first program argument.
  const children = new Set<ReturnType<typeof spawn>>();

  const run = (request: LanguagePb.RunRequest, done: (error: Error | null, response?: LanguagePb.RunResponse) => void) => {
    const info = request.getInfo();
    let project: ProjectInfo;
    let script: string;
    try {
      // Under --client the CLI replaces the project's runtime options with the client's address: read them here.
      project = readProject(info?.getRootDirectory() || request.getPwd());
      script = runScript(project.programDir);
    } catch (error) {
      done(null, new languagePb.RunResponse().setError((error as Error).message));
      return;
    }
    const programDir = info?.getProgramDirectory() || project.programDir;
    const [engineAddress = "", ...programArgs] = request.getArgsList();
    const flag = (name: string, value: string | number) => (value === "" || value === 0 ? [] : [`--${name}`, String(value)]);
    const args = [
      ...project.nodeargs,
      script,
      ...flag("monitor", request.getMonitorAddress()),
      ...flag("engine", engineAddress),
      ...flag("organization", request.getOrganization()),
      ...flag("project", request.getProject()),
      ...flag("root-directory", info?.getRootDirectory() || project.rootDir),
      ...flag("stack", request.getStack()),
      ...flag("pwd", programDir),
      ...(request.getDryrun() ? ["--dry-run"] : []),
      ...flag("parallel", request.getParallel()),
      info?.getEntryPoint() || project.entryPoint,
      ...programArgs,
    ];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...opts.env,
      PULUMI_CONFIG: configJson(request.getConfigMap().getEntryList()),
      PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(request.getConfigsecretkeysList()),
    };
    delete env.PULUMI_NODEJS_TYPESCRIPT;
    delete env.PULUMI_NODEJS_TSCONFIG_PATH;
    if (project.typescript) env.PULUMI_NODEJS_TYPESCRIPT = "true";
    if (project.tsconfig) env.PULUMI_NODEJS_TSCONFIG_PATH = project.tsconfig;

    const child = spawn(process.execPath, args, { cwd: programDir, env, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    const forward = (text: string) => opts.onOutput?.(text);
    child.stdout.setEncoding("utf8").on("data", forward);
    child.stderr.setEncoding("utf8").on("data", forward);
    child.once("error", (error) => {
      children.delete(child);
      done(null, new languagePb.RunResponse().setError(`Problem executing program (could not run language executor): ${error.message}`));
    });
    child.once("close", (code) => {
      children.delete(child);
      const response = new languagePb.RunResponse();
      if (code === EXITED_AFTER_USER_MESSAGE) response.setBail(true);
      else if (code !== 0) response.setError(`Program exited with non-zero exit code: ${code ?? "signal"}`);
      done(null, response);
    });
  };

  const unimplemented = (_call: unknown, done: (error: { code: number; details: string }) => void) =>
    done({ code: grpc.status.UNIMPLEMENTED, details: "not offered by the --client host of pulumi-tenant's tests" });
  const server = new grpc.Server();
  server.addService(languageGrpc.LanguageRuntimeService, {
    run: (call: { request: LanguagePb.RunRequest }, done: (error: Error | null, response?: LanguagePb.RunResponse) => void) => run(call.request, done),
    getRequiredPlugins: (_call: unknown, done: (error: null, response: LanguagePb.GetRequiredPluginsResponse) => void) =>
      done(null, new languagePb.GetRequiredPluginsResponse()),
    getRequiredPackages: (_call: unknown, done: (error: null, response: LanguagePb.GetRequiredPackagesResponse) => void) =>
      done(null, new languagePb.GetRequiredPackagesResponse()),
    getPluginInfo: (_call: unknown, done: (error: null, response: InstanceType<typeof sdk.pluginPb.PluginInfo>) => void) =>
      done(null, new sdk.pluginPb.PluginInfo().setVersion("")),
    handshake: unimplemented,
    installDependencies: unimplemented,
    runtimeOptionsPrompts: unimplemented,
    template: unimplemented,
    about: unimplemented,
    getProgramDependencies: unimplemented,
    runPlugin: unimplemented,
    generateProgram: unimplemented,
    generateProject: unimplemented,
    generatePackage: unimplemented,
    pack: unimplemented,
    link: unimplemented,
    cancel: (_call: unknown, done: (error: null, response: InstanceType<typeof sdk.emptyPb.Empty>) => void) => {
      for (const child of children) child.kill("SIGINT");
      done(null, new sdk.emptyPb.Empty());
    },
  } as unknown as LanguageGrpc.ILanguageRuntimeServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const child of children) child.kill("SIGKILL");
        server.tryShutdown(() => resolve());
      }),
  };
}
