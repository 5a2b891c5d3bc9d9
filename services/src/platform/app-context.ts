import type { Database } from '@ifu/storage/database/database';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import type { Mailer } from '../mail/mailer';
import type { Config } from './config';
import type { Logger } from './logger';

/** Read-your-writes: a command answers only once the read models have applied its events. */
export interface ReadModels {
  waitFor(position: number): Promise<void>;
}

export interface Secrets {
  jwtSecret: string;
  linkSecret: string;
}

/** Everything a route needs, passed in so that tests build the app in-process with their own parts. */
export interface AppContext {
  config: Config;
  db: Database;
  store: EventStore;
  readModels: ReadModels;
  mailer: Mailer;
  logger: Logger;
  secrets: Secrets;
  /** Server time; injected so tests can move it (lockout windows, inactivity). */
  clock: () => Date;
}
