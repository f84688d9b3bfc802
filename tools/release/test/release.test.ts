// The release tool's pieces that decide names and verdicts: the archive's name as the Pulumi CLI looks for it, and
// the Go SDK comparison CI's regeneration check rests on (which must see an added, a removed and a changed file).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, expect, it } from "vitest";
import { archiveName, currentPlatform, executableName } from "../platform";
import { goSdkDifferences } from "../sdks";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-release-tool-"));
  folders.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

it("names the archive and the executable as the CLI expects them", () => {
  expect(archiveName("1.2.3", { os: "linux", arch: "amd64" })).toBe("pulumi-resource-tenant-v1.2.3-linux-amd64.tar.gz");
  expect(archiveName("1.2.3", { os: "darwin", arch: "arm64" })).toBe("pulumi-resource-tenant-v1.2.3-darwin-arm64.tar.gz");
  expect(executableName({ os: "windows", arch: "amd64" })).toBe("pulumi-resource-tenant.exe");
  expect(executableName({ os: "linux", arch: "arm64" })).toBe("pulumi-resource-tenant");
  expect(currentPlatform()).toEqual({ os: "linux", arch: process.arch === "arm64" ? "arm64" : "amd64" });
});

it("finds no difference between equal SDK folders, and each added, removed or changed file", () => {
  const sdk = { "tenant/a.go": "package tenant\n", "tenant/internal/b.go": "package internal\n", "tenant/pulumi-plugin.json": "{}\n" };
  expect(goSdkDifferences(folder(sdk), folder(sdk))).toEqual([]);
  // a.go changed, internal/b.go gone, c.go new.
  const regenerated = folder({ "tenant/a.go": "package tenant // changed\n", "tenant/c.go": "package tenant\n", "tenant/pulumi-plugin.json": "{}\n" });
  expect(goSdkDifferences(folder(sdk), regenerated)).toEqual([
    "tenant/a.go",
    "tenant/c.go",
    "tenant/internal/b.go",
  ]);
});
