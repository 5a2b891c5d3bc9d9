import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';

/**
 * Mail from the log: the reactor that tells approvers what waits for their signature (and reminds them), and authors
 * what was decided, once each; its tables. It has no routes and records no events (the preference it reads is the
 * user's: users/mail-preference/).
 */
export const taskMailFeature: Feature = {
  name: 'task-mail',
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
};
