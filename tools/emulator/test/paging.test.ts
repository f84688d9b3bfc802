// Contract operation 4, paged as the service pages its checkpoint-paged endpoints (recorded): on a request that
// pages (`from` or `take` given), `next` is an opaque cursor of a page's last stream, on every non-empty page
// including a short final one; `from=<next>` resumes after that stream; the page after the last stream is
// empty and has no `next`. A listing with neither has no `next`, as the listings recorded that way.
import { beforeAll, describe, expect, it } from "vitest";
import { call, STREAMS_PATH, useEmulator, type Json } from "./support";

const SIZES = [0, 1, 50, 100, 101, 250];
const TAKES = [1, 7, 50, 100];

/** What a cursor decodes to, as recorded: `<timestamp>UTC,<id>`. */
const decode = (cursor: string): string => Buffer.from(cursor, "base64").toString("utf8");

describe("event stream paging", () => {
  const ctx = useEmulator();
  // A one-scope token keeps the hundreds of paging requests light (the default token is ~8 KB).
  let token: string;
  beforeAll(async () => {
    token = await ctx.emulator.issueToken("demo", { scopes: ["read:event_streams"] });
  });

  const list = async (query: Record<string, string>) => {
    const res = await call(ctx.emulator, "GET", `${STREAMS_PATH}?${new URLSearchParams(query)}`, { token });
    return res;
  };

  /** Follows `next` from the first page; checks each page's shape on the way. */
  async function walk(take: number): Promise<{ ids: string[]; pages: number }> {
    const pageSize = take;
    const ids: string[] = [];
    let from: string | undefined;
    let pages = 0;
    for (;;) {
      const query: Record<string, string> = {};
      if (from !== undefined) query.from = from;
      query.take = String(take);
      const res = await list(query);
      expect(res.status).toBe(200);
      pages++;
      const page = res.body.eventStreams as Json[];
      expect(page.length).toBeLessThanOrEqual(pageSize);
      ids.push(...page.map((stream) => stream.id as string));
      if (page.length === 0) {
        expect(res.body).toEqual({ eventStreams: [] }); // the page after the last stream: no `next`
        return { ids, pages };
      }
      expect(typeof res.body.next).toBe("string");
      expect(decode(res.body.next as string)).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} [\\d:.]{12}UTC,${page.at(-1)!.id}$`));
      from = res.body.next as string;
      if (pages > 300) throw new Error("paging does not terminate");
    }
  }

  for (const size of SIZES) {
    it(`visits each of ${size} streams exactly once in ceil(n/take) + 1 pages, for takes ${TAKES.join(", ")}`, async () => {
      ctx.emulator.seedEventStreams(size);
      const expected = ctx.emulator.state.eventStreams.map((stream) => stream.id);
      expect(expected).toHaveLength(size);
      for (const take of TAKES) {
        const { ids, pages } = await walk(take);
        expect(ids).toEqual(expected);
        expect(pages).toBe(Math.ceil(size / take) + 1);
      }
    });
  }

  it("a short final page still carries `next`, and the page after it is empty", async () => {
    ctx.emulator.seedEventStreams(51);
    const first = await list({ take: "50" });
    expect(first.body.eventStreams).toHaveLength(50);
    const second = await list({ from: first.body.next as string });
    expect(second.body.eventStreams.map((stream: Json) => stream.id)).toEqual([ctx.emulator.state.eventStreams[50].id]);
    expect(second.body.next).toEqual(expect.any(String));
    expect(await list({ from: second.body.next as string }).then((res) => res.body)).toEqual({ eventStreams: [] });
  });

  it("resumes after the cursor's stream even when that stream was deleted meanwhile", async () => {
    ctx.emulator.seedEventStreams(5);
    const ids = ctx.emulator.state.eventStreams.map((stream) => stream.id);
    const first = await list({ take: "2" });
    ctx.emulator.state.removeEventStream(ids[1]);
    const second = await list({ take: "2", from: first.body.next as string });
    expect(second.body.eventStreams.map((stream: Json) => stream.id)).toEqual([ids[2], ids[3]]);
  });

  it("a stream created after the last page shows up when paging resumes from the last cursor", async () => {
    ctx.emulator.seedEventStreams(2);
    const page = await list({ take: "2" });
    ctx.emulator.seedEventStreams(1, { namePrefix: "late" });
    const after = await list({ from: page.body.next as string });
    expect(after.body.eventStreams.map((stream: Json) => stream.name)).toEqual(["late-1"]);
  });

  it("a listing with neither from nor take gives the first 50 streams and no next, even with more to come", async () => {
    ctx.emulator.seedEventStreams(51);
    const res = await list({});
    expect(res.body.eventStreams.map((stream: Json) => stream.id)).toEqual(ctx.emulator.state.eventStreams.slice(0, 50).map((stream) => stream.id));
    expect(res.body).not.toHaveProperty("next");
    expect((await list({ take: "50" })).body.next).toEqual(expect.any(String));
  });

  it("an empty tenant lists {eventStreams: []} with no next", async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eventStreams: [] });
  });

  it("a `from` that is not a cursor it sent is 400 invalid_query_string, a stream id included", async () => {
    ctx.emulator.seedEventStreams(3);
    const cursor = (await list({ take: "1" })).body.next as string;
    const tampered = Buffer.from(decode(cursor).replace("UTC,", "Z,"), "utf8").toString("base64");
    for (const from of ["", ctx.emulator.state.eventStreams[0].id, "not base64!", tampered, `${cursor}x`, Buffer.from("1,2").toString("base64")]) {
      const res = await list({ from });
      expect(res.status, from).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: "Bad Request", message: "Invalid query string paging options", errorCode: "invalid_query_string" });
    }
  });
});
