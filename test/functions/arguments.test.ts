// Invalid arguments are refused with a message naming the argument and its range, before any HTTP call
// (not even the token request).
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  EventStreamsArgumentError,
  getEventStreams,
  getEventStreamsOutput,
  type GetEventStreamsArgs,
} from "../../provider/functions/getEventStreams";
import { SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET, startScriptedServer, wireStream, type ScriptedServer } from "./scriptedServer";
import { useTenantEnv } from "./tenantEnv";
import { settle } from "./settle";

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer(() => ({ body: { eventStreams: [wireStream("a")] } }));
  useTenantEnv(server.url, SCRIPTED_CLIENT_ID, SCRIPTED_CLIENT_SECRET);
});

afterAll(async () => {
  await server.close();
  vi.unstubAllEnvs();
});

const invalid: [string, GetEventStreamsArgs, RegExp][] = [
  ["take 0", { take: 0 }, /take must be a whole number from 1 to 100 \(got 0\)/],
  ["take 101", { take: 101 }, /take must be a whole number from 1 to 100 \(got 101\)/],
  ["take 2.5", { take: 2.5 }, /take .*\(got 2\.5\)/],
  ["take NaN", { take: Number.NaN }, /take .*\(got NaN\)/],
  ["take as a string", { take: "10" as unknown as number }, /take .*\(got the string "10"\)/],
  ["limit 0", { limit: 0 }, /limit must be a whole number of at least 1 \(got 0\)/],
  ["limit -5", { limit: -5 }, /limit .*\(got -5\)/],
  ["limit Infinity", { limit: Number.POSITIVE_INFINITY }, /limit .*\(got Infinity\)/],
  ["from empty", { from: "" }, /from must be a non-empty `next` value from the API \(got the string ""\)/],
];

describe("getEventStreams argument checks", () => {
  it.each(invalid)("refuses %s without any request", async (_label, args, message) => {
    const argument = Object.keys(args)[0];
    const error = await getEventStreams(args).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventStreamsArgumentError);
    expect((error as EventStreamsArgumentError).argument).toBe(argument);
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toBe(0);
  });

  it("refuses invalid Input arguments of the Output form without any request", async () => {
    const result = await settle(getEventStreamsOutput({ take: pulumi.output(0) }));
    expect(result.error).toBeInstanceOf(EventStreamsArgumentError);
    expect(server.requests).toBe(0);
  });

  it("accepts the range's edges", async () => {
    await expect(getEventStreams({ take: 1, limit: 1 })).resolves.toEqual({
      eventStreams: [expect.objectContaining({ id: "a" })],
    });
    await expect(getEventStreams({ take: 100, from: "a" })).resolves.toEqual({
      eventStreams: [expect.objectContaining({ id: "a" })],
    });
    expect(server.listQueries).toEqual([
      { take: "1" },
      { from: "a", take: "100" },
    ]);
  });
});
