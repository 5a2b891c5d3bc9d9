import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own for one test run, created on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await asAdmin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function asAdmin(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
