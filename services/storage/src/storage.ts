import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from './database/database';
import { openPglite } from './database/pglite';
import { openPostgres } from './database/postgres';
import type { EventStore } from './event-store/event-store';
import { PostgresEventStore } from './event-store/postgres-event-store';
import { listenToPostgres, type Notifications } from './notifications';

export interface StorageOptions {
  /** PostgreSQL server; absent means the embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** EventStoreDB; absent means the PostgreSQL event log. */
  eventStoreUrl?: string;
  /** The audit key of the hash chain; a process without it (the projections worker) only reads the log. */
  auditKey?: string;
}

export interface Storage {
  db: Database;
  store: EventStore;
  /** Wake-ups across processes, on a PostgreSQL server only. */
  notifications?: Notifications;
  close(): Promise<void>;
}

/** Opens the read-model database and the event log the configuration names (architecture §5). */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  let db: Database;
  if (options.databaseUrl) {
    db = openPostgres({ connectionString: options.databaseUrl });
  } else {
    const dir = resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    db = await openPglite({ dataDir: dir });
  }
  // Across processes (API and projections worker) appends and checkpoints wake the other side through LISTEN/NOTIFY.
  const notifications = options.databaseUrl ? await listenToPostgres(options.databaseUrl) : undefined;
  let store: EventStore;
  if (options.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store');
    store = await EventStoreDbEventStore.connect(options.eventStoreUrl, { chainKey: options.auditKey });
  } else {
    store = await PostgresEventStore.open(db, { notifications, chainKey: options.auditKey });
  }
  return {
    db,
    store,
    notifications,
    async close() {
      await store.close();
      await notifications?.close();
      await db.close();
    },
  };
}
