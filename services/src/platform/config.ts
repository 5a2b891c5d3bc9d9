import { isAbsolute, relative, resolve } from 'node:path';
import { z } from 'zod';
import { AUDIT_REVIEW_CADENCE_DEFAULT_DAYS } from '@ifu/contracts';
import { SEARCH_LINK_DEFAULT_DAYS } from '@ifu/contracts/public';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /**
     * The interface the API and the portal servers of `npm start` listen on: loopback unless set.
     * The containers set 0.0.0.0, where the published port is the way in.
     */
    HOST: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'HOST must be an interface address or host name, e.g. 127.0.0.1 or 0.0.0.0')
      .default('127.0.0.1'),
    API_PORT: port(8080),
    ADMIN_PORTAL_PORT: port(3000),
    CUSTOMER_PORTAL_PORT: port(3001),
    /** Where the portals are reached by people: CORS origins and links in mail. */
    PUBLIC_ADMIN_URL: z.url().optional(),
    PUBLIC_CUSTOMER_URL: z.url().optional(),
    /** Same as PUBLIC_CUSTOMER_URL, by the name of `<CUSTOMER_PORTAL_URL>/docSearch/<name>`: the base of approved customers' search URLs. */
    CUSTOMER_PORTAL_URL: z.url().optional(),
    PUBLIC_API_URL: z.url().optional(),
    DATABASE_URL: optionalText.pipe(z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional()),
    /**
     * A streaming replica of DATABASE_URL's server: searches, lists and public pages read from it, a user's
     * reads after their own write from the primary until the replica has replayed it (platform/replica-reads.ts).
     */
    DATABASE_READ_URL: optionalText.pipe(z.url({ message: 'DATABASE_READ_URL must be a postgres:// URL' }).optional()),
    DATA_DIR: z.string().default('./data'),
    /** Uploaded files, content-addressed (sha256 names); default DATA_DIR/files. */
    FILES_DIR: optionalText,
    /**
     * Where uploaded files are kept: 'local' (FILES_DIR, one host) or 's3' (an S3-compatible bucket that every API
     * instance shares; files/s3-file-store.ts).
     */
    FILE_STORE: z.enum(['local', 's3'], { message: "FILE_STORE must be 'local' or 's3'" }).default('local'),
    /** An S3-compatible server's address (MinIO, Ceph, a cloud's S3 API); unset for Amazon S3 itself. */
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) URL like https://s3.example.com' }).optional()),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must be a region name like us-east-1')
      .default('us-east-1'),
    /** The bucket of FILE_STORE=s3 (it must exist; the API checks it can reach it at start-up). */
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
        .optional(),
    ),
    /** Both or neither: without them the SDK's own chain is used (environment, instance role, profile). */
    S3_ACCESS_KEY_ID: optionalText.pipe(z.string().max(256, 'S3_ACCESS_KEY_ID is too long').optional()),
    S3_SECRET_ACCESS_KEY: optionalText.pipe(z.string().max(256, 'S3_SECRET_ACCESS_KEY is too long').optional()),
    /** Addresses the bucket as a path (`endpoint/bucket/key`), as most S3-compatible servers want. */
    S3_FORCE_PATH_STYLE: booleanFlag(false),
    EVENTSTORE_URL: optionalText,
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
    LINK_SECRET: optionalText.pipe(z.string().min(32, 'LINK_SECRET must be at least 32 characters').optional()),
    /** Keys the event log's hash chain and signs its checkpoints (HMAC-SHA256): keep it outside the database. */
    AUDIT_KEY: optionalText.pipe(z.string().min(32, 'AUDIT_KEY must be at least 32 characters').optional()),
    /** Where each chain verification appends its signed checkpoint (position, hash, time); default DATA_DIR. */
    AUDIT_CHECKPOINTS_FILE: optionalText,
    /**
     * A role that owns the schema and runs the migrations (`postgres://owner@...`). When set, DATABASE_URL's role is
     * granted only what the API needs: it can read `events` and call the append function, never write, alter or
     * disable anything on `events` (docs/security.md).
     */
    DATABASE_OWNER_URL: optionalText.pipe(z.url({ message: 'DATABASE_OWNER_URL must be a postgres:// URL' }).optional()),
    SMTP_URL: optionalText.pipe(z.url({ message: 'SMTP_URL must be a URL like smtp://host:25' }).optional()),
    MAIL_FROM: z.string().default('IFU Portal <no-reply@ifu-portal.local>'),
    ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** 'pretty': short coloured lines for a person at a terminal; 'json': one JSON object a line for collectors. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /** Upload limits in bytes (a customer or document logo; a document PDF). */
    LOGO_MAX_BYTES: z.coerce.number().int().min(1024).default(2 * 1024 * 1024),
    DOCUMENT_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
    /** Logos are decoded and re-encoded; at most this many pixels wide and high. */
    IMAGE_MAX_PIXELS: z.coerce.number().int().min(16).max(16_384).default(4096),
    /** How many PDFs have their text extracted at once, each in a process of its own (a queue: uploads never wait). */
    PDF_TEXT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** Resident memory of one PDF process (text extraction, structure check); it is killed above it. */
    PDF_TEXT_MAX_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(512),
    /** How long one PDF's text extraction may run; the text found until then is kept. */
    PDF_TEXT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** The most text kept of one PDF (UTF-8 bytes) and the most pages read: extraction stops there, marked as cut. */
    PDF_TEXT_MAX_BYTES: z.coerce.number().int().min(1024).max(256 * 1024 * 1024).default(2 * 1024 * 1024),
    PDF_TEXT_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
    /** Uploads (requests with files) one user may make per window; more are refused with 429. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(300),
    UPLOAD_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    /** Bytes one user may keep staged and not yet submitted (the add wizard's uploads, 24 hours); more is refused with 413. */
    UPLOAD_STAGING_QUOTA_BYTES: z.coerce.number().int().min(1024).default(500 * 1024 * 1024),
    /**
     * The progressive delay after a failed password (per caller address, and per account once several addresses
     * guess): the next attempt waits this long, then twice as long after each further failure, up to a minute.
     */
    LOGIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * argon2id's cost per password hash (auth/password-hashes.ts): 'owasp' (19 MiB, 2 passes); 'test' is a few KiB
     * for the test suite's APIs only and refused when NODE_ENV=production.
     */
    PASSWORD_HASH_COST: z.enum(['owasp', 'test'], { message: "PASSWORD_HASH_COST must be 'owasp' or 'test'" }).default('owasp'),
    /** How long a command waits for the read models its answer needs before answering 503. */
    READ_MODEL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** false when a separate projections worker runs them (production topology). */
    RUN_PROJECTIONS: booleanFlag(true),
    /** Number of proxies in front of the API, for the client IP recorded in events and used by rate limits. */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /**
     * The most mails each kind of anonymous request (access requests, contact messages, search links, set-password
     * links) may cause in an hour, over every caller and address together. Past it, mail to the
     * ADMINs waits for one digest at the end of the hour; search links are refused (429); set-password links are not sent.
     */
    ANONYMOUS_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /**
     * Search links mailed in an hour over every customer, caller and address together, instead of
     * ANONYMOUS_MAIL_PER_HOUR: a hospital puts every ward behind one address, and each link goes to the address a valid
     * request named (at most 5 per address in 15 minutes, 100 per customer, 300 per caller address an hour).
     */
    SEARCH_LINK_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /**
     * Downloads one caller address may make over the public file routes together (open-access PDFs, visitors' file
     * links, signed file URLs) per window; more answer 429 with Retry-After. Generous: a hospital's readers may all
     * come from one address.
     */
    PUBLIC_FILE_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
    PUBLIC_FILE_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(60),
    /**
     * The approver of a change order, a customer or a customer's change that waits for their signature is reminded
     * after this many days, and again after each further this many days while it waits; 0 sends no reminder.
     */
    APPROVAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(3),
    /**
     * How often the task-mail reactor (task-mail/) reads the log for mails to send, in milliseconds; 0 does not run
     * it in this process (the test helpers' APIs, which run it when a test asks).
     */
    TASK_MAIL_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    /** The hour (UTC, 0 to 23) at which the daily digest goes to those who chose one instead of a mail for each task. */
    TASK_MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(6),
    /**
     * The manufacturer the documents' eIFU pages name (EU 2021/2226): its name, and its address with lines separated
     * by `|`. Unset: the pages name none.
     */
    MANUFACTURER_NAME: optionalText.pipe(z.string().max(200, 'MANUFACTURER_NAME must be at most 200 characters').optional()),
    MANUFACTURER_ADDRESS: optionalText.pipe(z.string().max(500, 'MANUFACTURER_ADDRESS must be at most 500 characters').optional()),
    /**
     * The ISO 15223-1 symbols the labels carry, by reference number (`5.1.1,5.1.5,5.4.3`): the pages' glossary. The
     * eIFU feature refuses, at start, a number it has no text for (eifu/symbols.ts).
     */
    IFU_SYMBOLS: optionalText
      .transform((value) => (value === undefined ? [] : [...new Set(value.split(',').map((code) => code.trim()).filter(Boolean))]))
      .refine((codes) => codes.length <= 40 && codes.every((code) => /^\d{1,2}\.\d{1,2}\.\d{1,2}$/.test(code)), {
        message: 'IFU_SYMBOLS lists ISO 15223-1 reference numbers such as 5.1.1, separated by commas',
      }),
    /** How many years the manufacturer states each version stays available after its last device expired; unset: not stated. */
    IFU_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).optional(),
    /** Where the pages point a reader who has no PDF reader. */
    PDF_READER_URL: z.url().default('https://www.adobe.com/acrobat/pdf-reader.html'),
    /** How many days an emailed search link of the public portal stays valid. */
    LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(SEARCH_LINK_DEFAULT_DAYS),
    /**
     * How many days of the audit trail may go unreviewed: when the stretch from the end of the signed reviews to
     * yesterday is longer, reviewing it is a task of every ADMIN (My tasks).
     */
    AUDIT_REVIEW_CADENCE_DAYS: z.coerce.number().int().min(1).max(366).default(AUDIT_REVIEW_CADENCE_DEFAULT_DAYS),
    /**
     * A request header holding the visitor's country code, set by a trusted proxy in front of the API (for example
     * 'cf-ipcountry'); honoured by GET /module2/geolocation only when set, never taken from the caller otherwise.
     */
    GEO_COUNTRY_HEADER: optionalText.pipe(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'GEO_COUNTRY_HEADER must be a header name').optional()),
  })
  // In production mail goes to a real server: set-password links must not sit in files on the API's disk.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL !== undefined, {
    path: ['SMTP_URL'],
    message: 'SMTP_URL is required when NODE_ENV=production (mail must not be written to files there)',
  })
  // The cheap hashes are for tests: a production password is never hashed with them.
  .refine((env) => env.NODE_ENV !== 'production' || env.PASSWORD_HASH_COST === 'owasp', {
    path: ['PASSWORD_HASH_COST'],
    message: "PASSWORD_HASH_COST=test is for the test suite: production hashes passwords with 'owasp'",
  })
  .refine((env) => env.FILE_STORE !== 's3' || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'S3_BUCKET is required when FILE_STORE=s3',
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the SDK then finds credentials itself)',
  })
  // A replica of what? Without DATABASE_URL the data lives in the embedded database, which has none.
  .refine((env) => env.DATABASE_READ_URL === undefined || env.DATABASE_URL !== undefined, {
    path: ['DATABASE_READ_URL'],
    message: 'DATABASE_READ_URL needs DATABASE_URL: it names a streaming replica of that PostgreSQL server (the embedded database has no replica)',
  })
  .transform((env) => ({
    ...env,
    // Every directory is absolute from here on: nothing later depends on the working directory (res.sendFile,
    // a worker started elsewhere).
    DATA_DIR: resolve(env.DATA_DIR),
    FILES_DIR: resolve(env.FILES_DIR ?? resolve(env.DATA_DIR, 'files')),
    AUDIT_CHECKPOINTS_FILE: resolve(env.AUDIT_CHECKPOINTS_FILE ?? resolve(env.DATA_DIR, 'audit-checkpoints.jsonl')),
    PUBLIC_ADMIN_URL: env.PUBLIC_ADMIN_URL ?? `http://localhost:${env.ADMIN_PORTAL_PORT}`,
    PUBLIC_CUSTOMER_URL: env.PUBLIC_CUSTOMER_URL ?? env.CUSTOMER_PORTAL_URL ?? `http://localhost:${env.CUSTOMER_PORTAL_PORT}`,
    PUBLIC_API_URL: env.PUBLIC_API_URL ?? `http://localhost:${env.API_PORT}`,
    LOG_FORMAT: env.LOG_FORMAT ?? (process.stdout.isTTY && env.NODE_ENV !== 'production' ? 'pretty' : 'json'),
  }));

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const isInside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * Settings that work but weaken a protection, logged as warnings at start-up. In production the audit checkpoints
 * must not sit beside what the API can rewrite: whoever can write DATA_DIR could rewrite them
 * after re-chaining the log, and the checkpoints would no longer show it.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === 'production' && isInside(config.DATA_DIR, config.AUDIT_CHECKPOINTS_FILE)) {
    warnings.push(
      `AUDIT_CHECKPOINTS_FILE (${config.AUDIT_CHECKPOINTS_FILE}) is inside DATA_DIR (${config.DATA_DIR}): set it to a file on another volume, append-only if you can, and keep copies off this host (docs/security.md)`,
    );
  }
  return warnings;
}

/** Validates the environment; fails with every problem listed, one per line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  return parsed.data;
}

/** For entry points: the validated configuration, or the list of problems on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
