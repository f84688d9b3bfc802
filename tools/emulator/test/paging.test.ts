// Contract operation 4: paging visits every stream exactly once, in creation order, for several sizes and takes.
import { beforeAll, describe, expect, it } from "vitest";
import { call, STREAMS_PATH, useEmulator, type Json } from "./support";

const SIZES = [0, 1, 50, 100, 101, 250];
const TAKES: (number | undefined)[] = [undefined, 1, 7, 50, 100];

describe("event stream paging", () => {
  const ctx = useEmulator();
  // A one-scope token keeps the hundreds of paging requests light (the default token is ~8 KB).
  let token: string;
  beforeAll(async () => {
    token = await ctx.emulator.issueToken("demo", { scopes: ["read:event_streams"] });
  });

  /** Follows `next` from the first page; checks each page's shape on the way. */
  async function walk(take: number | undefined): Promise<{ ids: string[]; pages: number }> {
    const pageSize = take ?? 50;
    const ids: string[] = [];
    let from: string | undefined;
    let pages = 0;
    for (;;) {
      const query = new URLSearchParams();
      if (from !== undefined) query.set("from", from);
      if (take !== undefined) query.set("take", String(take));
      const res = await call(ctx.emulator, "GET", `${STREAMS_PATH}?${query}`, { token });
      expect(res.status).toBe(200);
      pages++;
      const page = res.body.eventStreams as Json[];
      expect(page.length).toBeLessThanOrEqual(pageSize);
      if (from !== undefined) expect(page[0]?.id).toBe(from); // `from` is the id of the page's first item
      ids.push(...page.map((stream) => stream.id as string));
      if (!("next" in res.body)) {
        expect(Object.keys(res.body)).toEqual(["eventStreams"]);
        return { ids, pages };
      }
      expect(typeof res.body.next).toBe("string");
      expect(res.body.next).not.toBe("");
      expect(page).toHaveLength(pageSize); // only full pages are followed by more
      from = res.body.next as string;
      if (pages > 300) throw new Error("paging does not terminate");
    }
  }

  for (const size of SIZES) {
    it(`visits each of ${size} streams exactly once for takes default, ${TAKES.slice(1).join(", ")}`, async () => {
      ctx.emulator.seedEventStreams(size);
      const expected = ctx.emulator.state.eventStreams.map((stream) => stream.id);
      expect(expected).toHaveLength(size);
      for (const take of TAKES) {
        const { ids, pages } = await walk(take);
        expect(ids).toEqual(expected);
        expect(new Set(ids).size).toBe(size);
        expect(pages).toBe(Math.max(1, Math.ceil(size / (take ?? 50))));
      }
    });
  }

  it("a first page with the default take holds 50 of 51 streams and points at the 51st", async () => {
    ctx.emulator.seedEventStreams(51);
    const res = await call(ctx.emulator, "GET", STREAMS_PATH, { token });
    expect(res.body.eventStreams).toHaveLength(50);
    expect(res.body.next).toBe(ctx.emulator.state.eventStreams[50].id);
  });

  it("an empty tenant lists {eventStreams: []} with no next", async () => {
    const res = await call(ctx.emulator, "GET", STREAMS_PATH, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eventStreams: [] });
  });
});
