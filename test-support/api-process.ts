import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';
import { forgetHeldFactors } from './second-factor';

const ROOT = resolve(import.meta.dirname, '..');

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
export function sharedSecrets(): { JWT_SECRET: string; LINK_SECRET: string; AUDIT_KEY: string } {
  const key = (name: string) => `${name}-${'0123456789abcdef'.repeat(3)}`;
  return { JWT_SECRET: key('jwt'), LINK_SECRET: key('link'), AUDIT_KEY: key('audit') };
}

/**
 * Starts a Node entry point of the product in a process of its own and waits until `readyPath` answers 200 (a process
 * without HTTP, the projections worker: `startProcess`). A `.ts` entry runs in node
 * with tsx's loader; a `.js` entry (the compiled dist/server/*.js) in plain `node`, as production does. Either way the
 * process is node itself, not the tsx command: signals reach the server's own handlers directly (through the tsx
 * command, an instance under load was seen to die of SIGTERM, exit 143, before its graceful shutdown ran).
 * `env` is added to a minimal environment; the port is free and chosen here unless given.
 */
/** node's arguments for an entry: tsx's loader for TypeScript, plain node (with source maps) for compiled JavaScript. */
function nodeArguments(entry: string): string[] {
  return entry.endsWith('.ts') ? ['--import', 'tsx', resolve(ROOT, entry)] : ['--enable-source-maps', resolve(ROOT, entry)];
}

export async function startChildServer(
  entry: string,
  env: Record<string, string>,
  options: { readyPath?: string; timeoutMs?: number; portVariable?: string } = {},
): Promise<ChildServer> {
  const port = env[options.portVariable ?? 'API_PORT'] ? Number(env[options.portVariable ?? 'API_PORT']) : await freePort();
  // Second factors held for an earlier API at this address belong to another database.
  await forgetHeldFactors(`http://127.0.0.1:${port}`);
  let output = '';
  const child = spawn(process.execPath, nodeArguments(entry), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      // Cheap argon2 for the tests' API processes; a production-configured one hashes as production does.
      ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: 'test' }),
      [options.portVariable ?? 'API_PORT']: String(port),
      ...env,
    },
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
    try {
      const response = await fetch(`${url}${options.readyPath ?? '/ready'}`);
      if (response.ok) break;
    } catch {
      // not listening yet
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

export interface ChildProcessHandle {
  /** The process running the entry point itself (`node --import tsx`, no wrapper): `kill -9` of this pid is real. */
  process: ChildProcess;
  pid: number;
  /** Everything the process wrote, for assertions and the message when it misbehaves. */
  output(): string;
  /** Resolves once a line of the output matches (already written or still to come); rejects if the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/**
 * Starts an entry point that serves no HTTP (the projections worker; TypeScript or a compiled bundle) in a process
 * of its own and waits until its
 * output has a line matching `readyLine`. `env` is added to a minimal environment.
 */
export async function startProcess(entry: string, env: Record<string, string>, readyLine: RegExp, options: { timeoutMs?: number } = {}): Promise<ChildProcessHandle> {
  let output = '';
  const child = spawn(process.execPath, nodeArguments(entry), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lineWaiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of lineWaiters) waiter();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let running = true;
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => {
      running = false;
      for (const waiter of lineWaiters) waiter();
      resolveExit(code);
    }),
  );
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolveLine, reject) => {
      const timer = setTimeout(() => finish(new Error(`${entry}: no line matching ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const check = () => {
        const line = output.split('\n').find((candidate) => pattern.test(candidate));
        if (line !== undefined) finish(undefined, line);
        else if (!running) finish(new Error(`${entry} exited before a line matching ${pattern}:\n${output}`));
      };
      function finish(error?: Error, line?: string) {
        clearTimeout(timer);
        lineWaiters.delete(check);
        if (error) reject(error);
        else resolveLine(line!);
      }
      lineWaiters.add(check);
      check();
    });
  try {
    await waitForLine(readyLine, options.timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    process: child,
    pid: child.pid!,
    output: () => output,
    waitForLine,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (running) child.kill(signal);
      return exited;
    },
  };
}
