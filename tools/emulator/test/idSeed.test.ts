// Deterministic ids: with the same id seed, the same requests mint the same ids; another seed, or none, mints others.
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorOptions } from "..";
import { call, PHONE_PATH, phoneTemplate, STREAMS_PATH, TEMPLATES_PATH, TICKET_PATH, vendorProvider, webhookStream, type Json } from "./support";

const started: Emulator[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

async function start(options: EmulatorOptions): Promise<{ emulator: Emulator; token: string }> {
  const emulator = await startEmulator(options);
  started.push(emulator);
  return { emulator, token: await emulator.issueToken("demo") };
}

/** Everything a client would store from one run of the same requests: every id and made-up value in the answers. */
async function mintedValues({ emulator, token }: { emulator: Emulator; token: string }): Promise<Json> {
  const post = async (path: string, body: Json): Promise<Json> => (await call(emulator, "POST", path, { token, body })).body;
  const provider = await post(PHONE_PATH, vendorProvider());
  const webhook = await post(STREAMS_PATH, webhookStream("hook"));
  const bridge = await post(STREAMS_PATH, webhookStream("bridge", { destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } } }));
  const ticket = await post(TICKET_PATH, { user_id: "email|1" });
  const template = await post(TEMPLATES_PATH, phoneTemplate("otp_verify"));
  emulator.seedEventStreams(1, { destinations: ["action"] });
  return {
    provider: provider.id,
    webhook: webhook.id,
    bridge: [bridge.id, bridge.destination.configuration.aws_partner_event_source],
    ticket: ticket.ticket_id,
    template: template.id,
    seededAction: emulator.state.eventStreams.at(-1)?.destination.configuration,
  };
}

const rotatedSecret = async (emulator: Emulator): Promise<string> =>
  (await call(emulator, "POST", "/__emulator/clients/demo/rotate-secret")).body.secret as string;

describe("idSeed", () => {
  it("two emulators with the same seed answer the same requests with the same ids", async () => {
    const [one, two] = [await start({ idSeed: "example" }), await start({ idSeed: "example" })];
    const first = await mintedValues(one);
    const second = await mintedValues(two);
    expect(first.provider).toMatch(/^pro_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(first.ticket).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(first.template).toMatch(/^tem_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(first.seededAction.action_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toEqual(first);
    expect(await rotatedSecret(two.emulator)).toBe(await rotatedSecret(one.emulator));
  });

  it("different seeds, or none, give different ids", async () => {
    const example = await mintedValues(await start({ idSeed: "example" }));
    const other = await mintedValues(await start({ idSeed: "other" }));
    const random = [await mintedValues(await start({})), await mintedValues(await start({}))];
    for (const key of ["provider", "webhook", "ticket", "template"]) {
      expect(other[key]).not.toBe(example[key]);
      expect(random[0][key]).not.toBe(random[1][key]);
    }
    expect(other.bridge).not.toEqual(example.bridge);
    expect(other.seededAction).not.toEqual(example.seededAction);
    expect(random[0].seededAction).not.toEqual(random[1].seededAction);
  });

  it("reset starts the sequence over: the same requests after a reset mint the same ids again", async () => {
    const running = await start({ idSeed: "example" });
    const before = await mintedValues(running);
    running.emulator.reset();
    expect(await mintedValues(running)).toEqual(before);
  });

  it("is refused when empty", async () => {
    await expect(startEmulator({ idSeed: "" })).rejects.toThrow("idSeed must be a non-empty string");
  });
});
