/**
 * Platforms as the Pulumi CLI names them in a plugin archive's name
 * (`pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`, pulumi/pulumi's sdk/go/common/workspace/plugins.go).
 */
export interface Platform {
  os: "linux" | "darwin" | "windows";
  arch: "amd64" | "arm64";
}

const OS: Partial<Record<NodeJS.Platform, Platform["os"]>> = { linux: "linux", darwin: "darwin", win32: "windows" };
const ARCH: Partial<Record<string, Platform["arch"]>> = { x64: "amd64", arm64: "arm64" };

/** This machine's platform: a single executable embeds the `node` that builds it, so it is built where it runs. */
export function currentPlatform(): Platform {
  const os = OS[process.platform];
  const arch = ARCH[process.arch];
  if (!os || !arch) throw new Error(`no Pulumi plugin platform for ${process.platform}-${process.arch}`);
  return { os, arch };
}

export const PLUGIN_NAME = "pulumi-resource-tenant";

export const executableName = (platform: Platform): string => (platform.os === "windows" ? `${PLUGIN_NAME}.exe` : PLUGIN_NAME);

export const archiveName = (version: string, platform: Platform): string => `${PLUGIN_NAME}-v${version}-${platform.os}-${platform.arch}.tar.gz`;
