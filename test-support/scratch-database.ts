import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own for one test run, created on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await asSuperuser(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => asSuperuser(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection as the server's superuser for `work` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function asSuperuser<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
