import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Channels the product notifies on: appends (in the append function) and projection checkpoints (the runner). */
export const EVENTS_CHANNEL = 'ifu_events';
export const CHECKPOINTS_CHANNEL = 'ifu_checkpoints';

/** Wake-ups from other processes sharing the database (API and projections worker). */
export interface Notifications {
  on(channel: string, listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * One dedicated connection LISTENing on the product's channels. Losing it only delays wake-ups: whoever waits also
 * polls. Not available on the embedded database, whose single session does not deliver NOTIFY across connections.
 */
export async function listenToPostgres(connectionString: string, searchPath?: string): Promise<Notifications> {
  const emitter = new EventEmitter().setMaxListeners(1000);
  const client = new pg.Client({ connectionString, options: searchPath ? `-c search_path=${searchPath}` : undefined });
  let open = true;
  client.on('error', () => {
    open = false;
  });
  client.on('notification', (message) => emitter.emit(message.channel));
  await client.connect();
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  await client.query(`LISTEN ${CHECKPOINTS_CHANNEL}`);
  return {
    on(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
      if (open) await client.end().catch(() => {});
      open = false;
    },
  };
}
