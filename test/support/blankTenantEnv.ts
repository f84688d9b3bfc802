// Every TENANT_* connection variable set blank (blank counts as unset), so a process a test starts sees only the
// settings the test gives it, never ones leaking in from the environment of the test run.
import { ENV_VARS } from "../../provider/settings";

export const BLANK_TENANT_ENV: Readonly<Record<string, string>> = Object.fromEntries(Object.values(ENV_VARS).map((name) => [name, ""]));
