/**
 * The API alone in this process, for benchmarks that measure its memory (benchmarks/documents.ts): configuration
 * from the environment (as `npm start` reads it), the product's JSON logger writing to /dev/null, and the port sent
 * to the parent over IPC once it listens. SIGTERM stops it gracefully.
 */
import pino from 'pino';
import { startApi } from '@ifu/services/api-server';
import { loadConfig } from '@ifu/services/platform/config';

const logger = pino(
  {
    level: 'info',
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.oldPassword', '*.token'], censor: '[redacted]' },
  },
  pino.destination({ dest: '/dev/null', sync: true }),
);

const api = await startApi(loadConfig(process.env), { logger, host: '127.0.0.1' });
process.send?.({ port: api.port });
process.once('SIGTERM', () => {
  void api.stop().then(() => process.exit(0));
});
process.once('disconnect', () => {
  void api.stop().then(() => process.exit(0));
});
