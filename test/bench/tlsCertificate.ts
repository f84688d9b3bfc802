/**
 * A throwaway self-signed certificate for 127.0.0.1, made with the system's `openssl` at bench time, so the
 * official SDK (which only speaks https) can reach the emulator. Only processes started with
 * NODE_EXTRA_CA_CERTS pointing at it trust it; it is deleted with its directory.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface ThrowawayCertificate {
  keyFile: string;
  certFile: string;
  key: string;
  cert: string;
  /** `openssl version`, for the report. */
  maker: string;
  dispose(): void;
}

export async function throwawayCertificate(): Promise<ThrowawayCertificate> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  try {
    const { stdout: version } = await run("openssl", ["version"]);
    // P-256 keys are generated instantly; the SAN is what Node checks for an IP address.
    await run("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1",
    ]);
    return {
      keyFile,
      certFile,
      key: fs.readFileSync(keyFile, "utf8"),
      cert: fs.readFileSync(certFile, "utf8"),
      maker: version.trim(),
      dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "openssl is not installed" : (error as Error).message;
    throw new Error(`could not make a throwaway TLS certificate: ${reason}`);
  }
}
