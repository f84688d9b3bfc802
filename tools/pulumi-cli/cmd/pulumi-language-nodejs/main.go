// TEST TOOL — pulumi-language-nodejs for the tests' CLI, for one thing only: starting a Node.js policy pack. The real
// host's module (sdk/nodejs/cmd/pulumi-language-nodejs) is not served by the Go module proxy these machines reach, and
// the CLI asks a `nodejs` language host to start a pack folder (`--policy-pack <dir>` with a PulumiPolicy.yaml whose
// runtime is nodejs): from v3.274 always, through RunPlugin; v3.259 did so too when it found this host, and otherwise
// looked for a `pulumi-analyzer-policy-nodejs` executable (pkg/resource/plugin/analyzer_plugin.go). Its RunPlugin does
// what the real host's does for a pack (kind "analyzer"): the SDK's policy proxy (sdk/v3's PolicyProxy) takes the
// engine's stack configuration, then `node <the pack's @pulumi/pulumi/cmd/run-policy-pack> <engine> <pack dir>` runs
// in the pack's folder with that configuration in its environment, and the proxy forwards the engine's calls to it.
// Programs are not run here: a Node.js program runs through `--client` (nodejsClientHost.ts), and Run says so.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"pulumi-tenant.local/tools/pulumi-cli/langhost"
)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
}

func (host) Handshake(context.Context, *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

func (host) Run(context.Context, *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	return nil, status.Error(codes.Unimplemented, "this pulumi-language-nodejs (pulumi-tenant's tests) starts policy packs only; "+
		"a Node.js program runs through --client: npm run pulumi -- <command>")
}

// The runtime options a pack's PulumiPolicy.yaml may give, as the real host reads them.
type options struct {
	typescript bool
	tsconfig   string
	nodeargs   []string
}

func readOptions(raw map[string]any) (options, error) {
	opts := options{typescript: true}
	if value, ok := raw["typescript"]; ok {
		typescript, isBool := value.(bool)
		if !isBool {
			return opts, errors.New("typescript option must be a boolean")
		}
		opts.typescript = typescript
	}
	if value, ok := raw["tsconfig"]; ok {
		tsconfig, isString := value.(string)
		if !isString {
			return opts, errors.New("tsconfig option must be a string")
		}
		opts.tsconfig = tsconfig
	}
	if value, ok := raw["nodeargs"]; ok {
		nodeargs, isString := value.(string)
		if !isString {
			return opts, errors.New("nodeargs option must be a string")
		}
		opts.nodeargs = strings.Fields(nodeargs)
	}
	return opts, nil
}

// runPolicyPackModule is the pack's own `@pulumi/pulumi/cmd/run-policy-pack`, resolved from its folder as node does.
func runPolicyPackModule(node, dir string) (string, error) {
	script := `try { console.log(require.resolve("@pulumi/pulumi/cmd/run-policy-pack")); } catch (error) { ` +
		`console.error(error.code === "MODULE_NOT_FOUND" ? "It looks like the Pulumi SDK has not been installed. Have you run npm install in ` +
		dir + `?" : error.message); process.exit(1); }`
	cmd := exec.Command(node, "-e", script)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return "", errors.New(strings.TrimSpace(string(exit.Stderr)))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

func (host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if req.GetKind() != string(apitype.AnalyzerPlugin) {
		return status.Errorf(codes.Unimplemented, "this pulumi-language-nodejs (pulumi-tenant's tests) starts policy packs only, not a %s plugin", req.GetKind())
	}
	ctx := server.Context()
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	node, err := exec.LookPath("node")
	if err != nil {
		return err
	}
	dir := req.GetInfo().GetProgramDirectory()
	opts, err := readOptions(req.GetInfo().GetOptions().AsMap())
	if err != nil {
		return err
	}
	runPath, err := runPolicyPackModule(node, dir)
	if err != nil {
		return err
	}
	env := req.GetEnv()
	if opts.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfig)
	}
	// A pack takes its program directory last, after the engine's address.
	args := append(append(append([]string{runPath}, opts.nodeargs...), req.GetArgs()...), dir)

	// The pack reads the stack's configuration from its environment: the proxy answers the engine's ConfigureStack
	// first, then starts forwarding to the pack.
	proxy, proxiedStdout, err := sdk.NewPolicyProxy(ctx, stdout)
	if err != nil {
		return fmt.Errorf("could not start policy pack proxy: %w", err)
	}
	config, err := proxy.AwaitConfiguration(ctx)
	if err != nil {
		return fmt.Errorf("could not get stack configuration: %w", err)
	}
	if config != nil {
		set := func(key, value string) {
			if value != "" {
				env = append(env, key+"="+value)
			}
		}
		set("PULUMI_NODEJS_ORGANIZATION", config.GetOrganization())
		set("PULUMI_NODEJS_PROJECT", config.GetProject())
		set("PULUMI_NODEJS_STACK", config.GetStack())
		set("PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(config.GetDryRun()))
		if config.GetConfig() != nil {
			configJSON, err := json.Marshal(config.GetConfig())
			if err != nil {
				return fmt.Errorf("could not marshal stack configuration: %w", err)
			}
			set("PULUMI_CONFIG", string(configJSON))
		}
	}

	// Policy packs run in their own folder, as they always have.
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = proxiedStdout, stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("Problem executing plugin program (could not run language executor): %w", err)
	}
	if err := proxy.Attach(ctx, cmd); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("Program exited with non-zero exit code: %d", exit.ExitCode())
		}
		return err
	}
	return closer.Close()
}

func main() {
	langhost.Serve(host{})
}
