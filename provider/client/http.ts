/**
 * One keep-alive undici Pool per base URL (and connect timeout), shared by every client in the
 * process and closed when the last client using it closes.
 *
 * undici is required on the first pool, not at import: loading it costs ~100 ms and ~10 MB, and a
 * provider host that only answers Check and Diff (every preview, every no-op update) never sends a request.
 */
import type { Pool } from "undici";
import { undici } from "../vendor";

interface PoolEntry {
  pool: Pool;
  users: number;
}

const pools = new Map<string, PoolEntry>();

function poolKey(baseUrl: string, connectTimeoutMs: number): string {
  return `${baseUrl} ${connectTimeoutMs}`;
}

function poolClass(): typeof Pool {
  return undici().Pool;
}

export function acquirePool(baseUrl: string, connectTimeoutMs: number): Pool {
  const key = poolKey(baseUrl, connectTimeoutMs);
  let entry = pools.get(key);
  if (!entry || entry.pool.closed || entry.pool.destroyed) {
    const UndiciPool = poolClass();
    entry = { pool: new UndiciPool(baseUrl, { connectTimeout: connectTimeoutMs }), users: 0 };
    pools.set(key, entry);
  }
  entry.users += 1;
  return entry.pool;
}

export async function releasePool(baseUrl: string, connectTimeoutMs: number, pool: Pool): Promise<void> {
  const key = poolKey(baseUrl, connectTimeoutMs);
  const entry = pools.get(key);
  if (!entry || entry.pool !== pool) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  pools.delete(key);
  await pool.close();
}
