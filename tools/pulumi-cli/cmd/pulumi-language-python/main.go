// TEST TOOL — pulumi-language-python for the tests' CLI (see package langhost): Run starts the SDK's
// pulumi-language-python-exec, which sits beside this binary, with the arguments and environment the real host
// gives it, in the Python the project's `virtualenv` option names (else the first python3 on PATH), through the
// SDK's own toolchain resolver; GeneratePackage is pulumi/pulumi's Python code generator.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"

	"pulumi-tenant.local/tools/pulumi-cli/langhost"
)

type python struct{}

func (python) Generate(pkg *schema.Package, extraFiles map[string][]byte, loader schema.ReferenceLoader) (map[string][]byte, error) {
	return pygen.GeneratePackage("pulumi-language-python", pkg, extraFiles, loader)
}

func failed(err error) *pulumirpc.RunResponse {
	return &pulumirpc.RunResponse{Error: err.Error()}
}

func (python) Run(ctx context.Context, req *pulumirpc.RunRequest, engineAddress string) *pulumirpc.RunResponse {
	self, err := os.Executable()
	if err != nil {
		return failed(err)
	}
	runner := filepath.Join(filepath.Dir(self), "pulumi-language-python-exec")
	info := req.GetInfo()
	virtualenv, _ := info.GetOptions().AsMap()["virtualenv"].(string)
	tc, err := toolchain.ResolveToolchain(toolchain.PythonOptions{
		Root: info.GetRootDirectory(), ProgramDir: info.GetProgramDirectory(), Virtualenv: virtualenv, Toolchain: toolchain.Pip,
	})
	if err != nil {
		return failed(err)
	}
	args := []string{runner}
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", engineAddress)
	flag("project", req.GetProject())
	flag("root_directory", info.GetRootDirectory())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	flag("dry_run", strconv.FormatBool(req.GetDryRun()))
	flag("parallel", strconv.Itoa(int(req.GetParallel())))
	flag("organization", req.GetOrganization())
	args = append(append(args, info.GetEntryPoint()), req.GetArgs()...)

	cmd, err := tc.Command(ctx, args...)
	if err != nil {
		return failed(err)
	}
	config, secretKeys, err := langhost.ConfigJSON(req)
	if err != nil {
		return failed(err)
	}
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, "PULUMI_CONFIG="+config, "PULUMI_CONFIG_SECRET_KEYS="+secretKeys)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			// The runner's "I already told the user" exit code.
			if exit.ExitCode() == 32 {
				return &pulumirpc.RunResponse{Bail: true}
			}
			return failed(fmt.Errorf("Program exited with non-zero exit code: %d", exit.ExitCode()))
		}
		return failed(fmt.Errorf("Problem executing program (could not run language executor): %w", err))
	}
	return &pulumirpc.RunResponse{}
}

func main() {
	langhost.Main(python{})
}
