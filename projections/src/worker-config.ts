import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The part of the configuration the projections worker needs (the API validates the rest). */
const WorkerConfig = z.object({
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  /** The schema owner that runs migrations when the worker's own role may not (docs/security.md). */
  DATABASE_OWNER_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  DATA_DIR: z.string().default('./data'),
  EVENTSTORE_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  /**
   * The key of the event log's hash chain, the API's AUDIT_KEY: the worker applies an event only once its link
   * verifies with it (docs/security.md).
   */
  AUDIT_KEY: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.string().min(32, "AUDIT_KEY must be at least 32 characters (the API's own AUDIT_KEY)").optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type WorkerConfig = z.infer<typeof WorkerConfig> & { AUDIT_KEY: string };

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = WorkerConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    console.error(`Invalid configuration:\n${lines.join('\n')}`);
    process.exit(1);
  }
  // Outside production the API keeps a key it made itself in DATA_DIR/secrets.json (services/src/platform/secrets.ts).
  const file = join(parsed.data.DATA_DIR, 'secrets.json');
  const auditKey = parsed.data.AUDIT_KEY ?? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { auditKey?: string }).auditKey : undefined);
  if (!auditKey) {
    console.error('Invalid configuration:\n  - AUDIT_KEY: set it to the API\'s AUDIT_KEY: the projections apply only events whose link in the hash chain verifies with it');
    process.exit(1);
  }
  return { ...parsed.data, AUDIT_KEY: auditKey };
}
