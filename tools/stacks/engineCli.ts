/**
 * `npm run engine`: the engine stand-in's command line (tools/engine/cli.ts), with this checkout findable as
 * `pulumi-tenant` by the programs and provider hosts it starts (see packageLink.ts).
 */
import { runCli } from "../engine/cli";
import { packageLookupEnv } from "./packageLink";

void runCli(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  env: { ...process.env, ...packageLookupEnv() },
}).then((code) => (process.exitCode = code));
