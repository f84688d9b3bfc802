// Package langhost is a TEST TOOL: a language host for the tests' Pulumi CLI, for the languages whose own host
// (sdk/python/cmd/pulumi-language-python, sdk/go/pulumi-language-go) the Go module proxy these machines reach does
// not serve. It offers what the tests use, from pulumi/pulumi's own libraries at the pinned release: Run (the
// program as that host starts it), GeneratePackage (the schema bound and that language's code generator, as
// `pulumi package gen-sdk` asks), and the plugin's info. It installs no dependencies and writes no program code.
package langhost

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Runtime is what differs between languages.
type Runtime interface {
	// Run runs the program the request names and says how it ended.
	Run(ctx context.Context, req *pulumirpc.RunRequest, engineAddress string) *pulumirpc.RunResponse
	// Generate is the language's SDK code for a bound package, by file name.
	Generate(pkg *schema.Package, extraFiles map[string][]byte, loader schema.ReferenceLoader) (map[string][]byte, error)
}

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	runtime Runtime
	mutex   sync.Mutex
	engine  string
}

func (h *host) engineAddress() string {
	h.mutex.Lock()
	defer h.mutex.Unlock()
	return h.engine
}

func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mutex.Lock()
	h.engine = req.GetEngineAddress()
	h.mutex.Unlock()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// The programs the tests run declare their plugins in Pulumi.yaml; nothing is to be found from their dependencies.
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	return h.runtime.Run(ctx, req, h.engineAddress()), nil
}

func (h *host) GeneratePackage(_ context.Context, req *pulumirpc.GeneratePackageRequest) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.GetSchema()), &spec); err != nil {
		return nil, err
	}
	cached := schema.NewCachedLoader(loader)
	pkg, diags, err := schema.BindSpec(spec, cached, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	diagnostics := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: diagnostics}, nil
	}
	files, err := h.runtime.Generate(pkg, req.GetExtraFiles(), cached)
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		target := filepath.Join(req.GetDirectory(), name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: diagnostics}, nil
}

// Main serves the runtime as a plugin: the engine's address is the first argument that is not a flag.
func Main(runtime Runtime) {
	h := &host{runtime: runtime}
	for _, arg := range os.Args[1:] {
		if len(arg) > 0 && arg[0] != '-' {
			h.engine = arg
			break
		}
	}
	Serve(h)
}

// Serve serves a language host until the CLI stops it; its port goes to stdout, as the CLI expects of every plugin.
func Serve(h pulumirpc.LanguageRuntimeServer) {
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(server *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(server, h)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "could not start the language host: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "the language host stopped: %v\n", err)
		os.Exit(1)
	}
}

// Failed is a Run's answer for an error that stopped it.
func Failed(err error) *pulumirpc.RunResponse {
	return &pulumirpc.RunResponse{Error: err.Error()}
}

// ConfigJSON is the run's config as the hosts pass it to every SDK: a JSON object of `<namespace>:<name>` keys.
func ConfigJSON(req *pulumirpc.RunRequest) (string, string, error) {
	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return "", "", err
	}
	secretKeys, err := json.Marshal(req.GetConfigSecretKeys())
	if err != nil {
		return "", "", err
	}
	return string(config), string(secretKeys), nil
}
