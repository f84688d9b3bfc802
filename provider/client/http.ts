/**
 * One keep-alive undici Pool per base URL (and connect timeout), shared by every client in the
 * process and closed when the last client using it closes.
 */
import { Pool } from "undici";

interface PoolEntry {
  pool: Pool;
  users: number;
}

const pools = new Map<string, PoolEntry>();

function poolKey(baseUrl: string, connectTimeoutMs: number): string {
  return `${baseUrl} ${connectTimeoutMs}`;
}

export function acquirePool(baseUrl: string, connectTimeoutMs: number): Pool {
  const key = poolKey(baseUrl, connectTimeoutMs);
  let entry = pools.get(key);
  if (!entry || entry.pool.closed || entry.pool.destroyed) {
    entry = { pool: new Pool(baseUrl, { connectTimeout: connectTimeoutMs }), users: 0 };
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
