import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export interface LoggerOptions {
  level: string;
  /** 'pretty' for a person at a terminal (one short coloured line each); 'json' for collectors. */
  format?: 'pretty' | 'json';
}

/** Secrets must never reach a log line. */
const redact = {
  paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.oldPassword', '*.token'],
  censor: '[redacted]',
};

export function createLogger(options: LoggerOptions | string): Logger {
  const { level, format = 'json' } = typeof options === 'string' ? { level: options } : options;
  if (format === 'json') return pino({ level, redact });
  // Synchronous, in this thread: lines keep their order with the start banner printed around them.
  const stream = pretty({ colorize: true, sync: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,status,ms', singleLine: true });
  return pino({ level, redact }, stream);
}
