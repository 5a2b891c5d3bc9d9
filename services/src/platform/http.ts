import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { CONTROL_CHARACTERS, type Role, type TaskMailPreference } from '@ifu/contracts';
import { BrokenLinkError, ChainBrokenError, WrongExpectedVersionError, type Actor } from '@ifu/storage/event-store/event-store';
import { ReadModelTimeoutError } from '@ifu/projections';
import type { CommandOrigin, CommandPipeline, CommandRun, Folded } from './command-pipeline';
import { brokenLog, describeRejection, Refusal, refuse, type Rejection } from './errors';
import type { Logger } from './logger';

/** The logged-in staff member behind a request, set by the authentication middleware (auth/). */
export interface AuthenticatedUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  role: Role;
  /** Whether the account's training is recorded as completed now (the signature itself re-reads it). */
  isTrainingCompleted: boolean;
  sessionId: string;
  /** The account has an enrolled second factor (from the log, now). */
  secondFactorEnrolled?: boolean;
  /** How the mails about the user's tasks reach them (from the log, now). */
  taskMail?: TaskMailPreference;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    auth?: AuthenticatedUser;
    /** Streams the authentication folded for this request (the caller's account): its commands start from them. */
    folded?: readonly Folded[];
  }
}

/** JSON bodies: anonymous callers (no bearer token) get small ones, as none of their calls needs more than a few fields. */
export function jsonBodies(): RequestHandler {
  const staffJson = express.json({ limit: '100kb' });
  const anonymousJson = express.json({ limit: '8kb' });
  return (req, res, next) => (req.get('authorization') ? staffJson : anonymousJson)(req, res, next);
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * One short log line per request (method, path, status, time), with a request id on every line the request logs:
 * taken from X-Request-Id when it is well-formed, made up otherwise, and sent back.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const offered = req.headers['x-request-id'];
    req.id = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    req.log = logger.child({ reqId: req.id });
    if (req.path === '/health') return next();
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      const code = res.locals.errorCode as string | undefined;
      req.log[level](
        { status: res.statusCode, ms: Math.round(ms * 10) / 10, ...(code ? { code } : {}) },
        `${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)} ms${code ? ` ${code}` : ''}`,
      );
    });
    next();
  };
}

/** Turns zod issues into one message naming each field; contract messages are plain, the field name is added here. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (!field || issue.message.startsWith(field)) return issue.message;
      // 'must be a string' reads on from the name ('email must be a string'); the spec's texts follow a colon.
      return issue.message.startsWith('must ') ? `${field} ${issue.message}` : `${field}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Each field's first error, for a form to show next to the field: the contract's message as a person reads it (the
 * spec's texts as they are; a 'must …' message names its field).
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Array<{ field: string; message: string }> {
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.join('.');
    if (!field || fields.has(field)) continue;
    fields.set(field, issue.message.startsWith('must ') ? `${field} ${issue.message}` : issue.message);
  }
  return [...fields].map(([field, message]) => ({ field, message }));
}

/**
 * The path of the first text in a request that holds a control character (tab, line feed and carriage return
 * excepted): the database cannot store a NUL, and nothing the product shows needs the others.
 */
function controlCharacterAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = CONTROL_CHARACTERS.test(key) ? path || key : controlCharacterAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validates a request body (or query) against its contract: the parsed value, or a 400 naming the fields. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    refuse('invalid-request', { message: 'Request body must be a JSON object' });
  }
  const controlled = controlCharacterAt(body, '');
  if (controlled !== undefined) refuse('invalid-request', { message: `${controlled || 'body'} must not contain control characters` });
  const result = schema.safeParse(body);
  if (!result.success) refuse('invalid-request', { message: describeIssues(result.error.issues), fields: fieldErrorsOf(result.error.issues) });
  return result.data;
}

/** Who is behind a request and where from: the metadata every event of the command carries (architecture §2). */
export function originOf(req: Request, actor?: Actor): CommandOrigin {
  const user = req.auth;
  return {
    actor:
      actor ??
      (user ? { type: 'user', userId: user.userId, email: user.email, name: user.name } : { type: 'system', name: 'api' }),
    correlationId: req.id,
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
    ...(req.folded ? { folded: req.folded } : {}),
  };
}

/**
 * A command route's one shape: the command begun with the request's origin (who asks, from where, their account as
 * the authentication folded it), run, then settled once the read models its answer reads hold its events; the route
 * answers with the run (its time, its folds) and the result.
 */
export async function runCommand<T>(
  ctx: { commands: CommandPipeline },
  req: Request,
  readModels: readonly string[],
  work: (run: CommandRun) => Promise<T>,
): Promise<{ run: CommandRun; result: T }> {
  const run = ctx.commands.begin(originOf(req));
  const result = await work(run);
  await run.settle(readModels);
  return { run, result };
}

const IF_MATCH = /^(?:W\/)?"?(\d{1,9})"?$/;

/** The record version the client last saw (`If-Match: "7"`, as the record's ETag gave it), or undefined. */
export function ifMatch(req: Request): number | undefined {
  const header = req.get('if-match');
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = IF_MATCH.exec(header.trim());
  if (!match) refuse('invalid-if-match');
  return Number(match[1]);
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id from the path: the product's ids are UUIDs; anything else names no record (the given code, a 404). */
export function idParam(req: Request, name: string, notFound: 'customer-not-found' | 'logo-not-found' | 'user-not-found' | 'document-not-found' | 'file-link-invalid'): string {
  const id = optionalIdParam(req, name);
  if (id === undefined) refuse(notFound);
  return id;
}

/** `idParam` without the refusal: for a read made with the authentication, whose refusals must come first. */
export function optionalIdParam(req: Request, name: string): string | undefined {
  const value = req.params[name];
  return typeof value === 'string' && ID.test(value) ? value.toLowerCase() : undefined;
}

/** Answers a record's stream version as its ETag: the client sends it back as If-Match with its next change. */
export function setVersion(res: Response, version: number): void {
  res.setHeader('ETag', `"${version}"`);
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

function rejectionOf(error: unknown): Rejection {
  if (error instanceof Refusal) return error.rejection;
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return { code: 'body-not-json' };
    case 'entity.too.large':
      return { code: 'body-too-large' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { code: 'body-encoding' };
  }
  // A body that cannot be inflated (a corrupt gzip, deflate or brotli stream) is the client's, not ours.
  if (parserError?.expose && parserError.status !== undefined && parserError.status >= 400 && parserError.status < 500) return { code: 'body-undecodable' };
  // Express refuses a path parameter with a malformed % escape ('/module2/productLogo/%E0%A4%A') with a URIError.
  if (error instanceof URIError) return { code: 'path-undecodable' };
  if (error instanceof WrongExpectedVersionError) return { code: 'concurrent-change' };
  if (error instanceof ReadModelTimeoutError) return { code: 'read-models-late' };
  if (error instanceof BrokenLinkError) return { code: 'record-history-broken' };
  if (error instanceof ChainBrokenError) return brokenLog(error.chainBreak);
  return { code: 'server-error' };
}

/** The one place where errors become HTTP answers: `{ "message": "...", "code": "..." }`. */
export const errorHandler: ErrorRequestHandler = async (error: unknown, req, res, _next) => {
  const { status, message, code } = describeRejection(rejectionOf(error));
  // A refused request keeps no file: what it uploaded is removed before the refusal is answered.
  await req.uploads?.discardUncommitted().catch((err: unknown) => req.log?.error({ err }, 'could not remove staged uploads'));
  // The request's one log line names the code; a server error also logs its cause.
  res.locals.errorCode = code;
  if (status >= 500) req.log?.error({ err: error, code }, 'request failed');
  // A failure in the middle of a streamed answer (the audit CSV, a file) can only cut the connection.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const fields = (rejectionOf(error) as { fields?: unknown }).fields;
  res.status(status).json(Array.isArray(fields) && fields.length > 0 ? { message, code, fields } : { message, code });
};

export const notFoundHandler: RequestHandler = (req) => {
  refuse('no-such-endpoint', { method: req.method, path: req.path });
};
