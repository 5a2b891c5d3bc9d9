import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');

export interface ChildServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process wrote, for the assertion message when it misbehaves. */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Secrets shared by every instance of one product (each process must sign and check the same tokens and chain). */
export function sharedSecrets(): Record<string, string> {
  const key = (name: string) => `${name}-${'0123456789abcdef'.repeat(3)}`;
  return { JWT_SECRET: key('jwt'), LINK_SECRET: key('link'), AUDIT_KEY: key('audit') };
}

/**
 * Starts a Node entry point of the product in a process of its own and waits until `readyPath` answers 200, or, for a
 * process without HTTP (the projections worker), until its output matches `readyOutput`. A `.ts` entry runs through
 * `tsx`, as `npm start` does; a `.js` entry (the compiled dist/server/*.js) through plain `node`, as production does.
 * `env` is added to a minimal environment; the port is free and chosen here unless given.
 */
export async function startChildServer(
  entry: string,
  env: Record<string, string>,
  options: { readyPath?: string; readyOutput?: RegExp; timeoutMs?: number; portVariable?: string } = {},
): Promise<ChildServer> {
  const port = env[options.portVariable ?? 'API_PORT'] ? Number(env[options.portVariable ?? 'API_PORT']) : await freePort();
  let output = '';
  const [command, args] = entry.endsWith('.ts') ? [TSX, [resolve(ROOT, entry)]] : [process.execPath, ['--enable-source-maps', resolve(ROOT, entry)]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', [options.portVariable ?? 'API_PORT']: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let running = true;
  void exited.then(() => (running = false));
  for (;;) {
    if (!running) throw new Error(`${entry} exited before it was ready:\n${output}`);
    if (options.readyOutput) {
      if (options.readyOutput.test(output)) break;
    } else {
      try {
        const response = await fetch(`${url}${options.readyPath ?? '/ready'}`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} was not ready within the time:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (running) child.kill(signal);
      return exited;
    },
  };
}

/** An API instance (services/src/server.ts, or the compiled `entry` dist/server/server.js) in its own process. */
export function startApiProcess(env: Record<string, string>, options: { timeoutMs?: number; entry?: string } = {}): Promise<ChildServer> {
  return startChildServer(options.entry ?? 'services/src/server.ts', env, options);
}
