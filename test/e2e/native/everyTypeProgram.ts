/**
 * The every-type program as YAML for the native plugin (project `tenant-every-type`): one resource of each of the
 * package's types and both functions, with the inputs and names of its TypeScript twin
 * (test/support/fixtures/everyTypeProgram) and the same dependencies. A YAML program has no code to pick a phase's inputs, so each phase is its own program, as
 * a user edits theirs; the secrets are secret stack config, read by name.
 */
import { EVERY_TYPE_RESOURCES, EVERY_TYPE_SECRET_KEYS, everyTypeInputs, type EveryTypeResource, type Phase } from "../../support/fixtures/everyTypeProgram/inputs";

const secretConfig = Object.fromEntries(EVERY_TYPE_SECRET_KEYS.map((key) => [key, { type: "string", secret: true }]));

/** The program at `phase`, its plugin in `pluginPath` (relative to the project, as the README's `plugins.providers` entry). */
export function everyTypeProgram(pluginPath: string, phase: Phase): Record<string, unknown> {
  const inputs = everyTypeInputs(phase, (key) => `\${${key}}`);
  const declare = (name: EveryTypeResource, dependsOn: EveryTypeResource[] = [], properties: object = inputs[name]) => ({
    type: `tenant:index:${EVERY_TYPE_RESOURCES[name]}`,
    properties,
    ...(dependsOn.length > 0 ? { options: { dependsOn: dependsOn.map((other) => `\${${other}}`) } } : {}),
  });
  // No `dependsOn` (its TypeScript twin has one): pulumi-yaml calls a function as soon as its arguments are known, through
  // the Go SDK's direct form, which ignores it; so each lists the tenant as it is when the program starts.
  const invoke = (token: string) => ({ "fn::invoke": { function: `tenant:index:${token}`, arguments: {} } });
  return {
    name: "tenant-every-type",
    runtime: "yaml",
    plugins: { providers: [{ name: "tenant", path: pluginPath }] },
    config: secretConfig,
    resources: {
      sns: declare("sns"),
      apns: declare("apns"),
      // The YAML runtime decodes a config value holding JSON (pulumi/pulumi-yaml#577): fn::toJSON makes it text again.
      fcm: declare("fcm", [], { serverCredentials: { "fn::toJSON": inputs.fcm.serverCredentials } }),
      push: declare("push", ["sns", "apns", "fcm"]),
      pushFactor: declare("pushFactor", ["push"]),
      customApp: declare("customApp", ["push"]),
      sms: declare("sms"),
      messageTypes: declare("messageTypes", ["sms"]),
      verifyText: declare("verifyText", ["sms"]),
      otp: declare("otp", ["sms"]),
      smsFactor: declare("smsFactor", ["sms", "messageTypes", "verifyText", "otp"]),
      policy: declare("policy", ["smsFactor", "pushFactor"]),
      ticket: declare("ticket", ["smsFactor"]),
      audit: declare("audit"),
      archive: declare("archive"),
      duo: declare("duo"),
      securityKeys: declare("securityKeys"),
      sessions: declare("sessions"),
      mfaSwitches: declare("mfaSwitches"),
      risk: declare("risk", ["policy"]),
      newDevice: declare("newDevice"),
    },
    variables: {
      streams: invoke("getEventStreams"),
      templates: invoke("getPhoneTemplates"),
    },
    outputs: {
      streams: "${streams.eventStreams}",
      templates: "${templates.templates}",
      ticketUrl: "${ticket.ticketUrl}",
    },
  };
}
