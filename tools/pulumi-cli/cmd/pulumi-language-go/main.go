// TEST TOOL — pulumi-language-go for the tests' CLI (see package langhost): Run builds the program with the Go on
// PATH and runs it with the PULUMI_* variables the Go SDK reads (as the real host's constructEnv sets them);
// GeneratePackage is pulumi/pulumi's Go code generator, which, as `gen-sdk` does, writes no go.mod.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-tenant.local/tools/pulumi-cli/langhost"
)

type golang struct{}

func (golang) Generate(pkg *schema.Package, _ map[string][]byte, _ schema.ReferenceLoader) (map[string][]byte, error) {
	return gogen.GeneratePackage("pulumi-language-go", pkg, nil)
}

func failed(err error) *pulumirpc.RunResponse {
	return &pulumirpc.RunResponse{Error: err.Error()}
}

func (golang) Run(ctx context.Context, req *pulumirpc.RunRequest, engineAddress string) *pulumirpc.RunResponse {
	programDir := req.GetInfo().GetProgramDirectory()
	out, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return failed(err)
	}
	defer os.RemoveAll(out)
	binary := filepath.Join(out, "program")
	build := exec.CommandContext(ctx, "go", "build", "-buildvcs=false", "-o", binary, ".")
	build.Dir = programDir
	if output, err := build.CombinedOutput(); err != nil {
		return failed(fmt.Errorf("unable to run `go build`: %w\n%s", err, output))
	}
	config, secretKeys, err := langhost.ConfigJSON(req)
	if err != nil {
		return failed(err)
	}
	run := exec.CommandContext(ctx, binary, req.GetArgs()...)
	run.Dir = req.GetPwd()
	run.Env = os.Environ()
	for name, value := range map[string]string{
		"PULUMI_ORGANIZATION":       req.GetOrganization(),
		"PULUMI_PROJECT":            req.GetProject(),
		"PULUMI_ROOT_DIRECTORY":     req.GetInfo().GetRootDirectory(),
		"PULUMI_STACK":              req.GetStack(),
		"PULUMI_CONFIG":             config,
		"PULUMI_CONFIG_SECRET_KEYS": secretKeys,
		"PULUMI_DRY_RUN":            strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL":           strconv.Itoa(int(req.GetParallel())),
		"PULUMI_MONITOR":            req.GetMonitorAddress(),
		"PULUMI_ENGINE":             engineAddress,
	} {
		if value != "" {
			run.Env = append(run.Env, name+"="+value)
		}
	}
	run.Stdout, run.Stderr = os.Stdout, os.Stderr
	if err := run.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return failed(fmt.Errorf("program exited with non-zero exit code: %d", exit.ExitCode()))
		}
		return failed(fmt.Errorf("problem executing program: %w", err))
	}
	return &pulumirpc.RunResponse{}
}

func main() {
	langhost.Main(golang{})
}
