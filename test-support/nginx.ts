import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';
import { forgetHeldFactors } from './second-factor';

const TEMPLATE = resolve(import.meta.dirname, '../deploy/nginx/api-instances.conf.template');

export interface Nginx {
  url: string;
  /** Everything nginx logged (warnings and errors), for assertion messages. */
  errors(): string;
  stop(): Promise<void>;
}

/** Whether Debian's nginx is installed (`.ci/run` installs it). */
export function nginxPath(): string | undefined {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    try {
      readFileSync(path);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** nginx on a free loopback port in front of the given API ports, from the repository's template. */
export async function startNginx(upstreamPorts: readonly number[], options: { port?: number } = {}): Promise<Nginx> {
  const binary = nginxPath();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx; .ci/run does it)');
  const prefix = mkdtempSync(join(tmpdir(), 'ifu-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const port = options.port ?? (await freePort());
  // On a port of its own, nothing held for its address is this product's (a port the caller chose, it knows why).
  if (options.port === undefined) await forgetHeldFactors(`http://127.0.0.1:${port}`);
  const servers = upstreamPorts.map((p) => `        server 127.0.0.1:${p} max_fails=0;`).join('\n');
  const conf = readFileSync(TEMPLATE, 'utf8').replaceAll('{{prefix}}', prefix).replaceAll('{{port}}', String(port)).replaceAll('{{servers}}', servers);
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, conf);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/health`);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start:\n${stderr}`);
      await sleep(50);
    }
  }
  const errors = () => {
    try {
      return stderr + readFileSync(join(prefix, 'error.log'), 'utf8');
    } catch {
      return stderr;
    }
  };
  return {
    url,
    errors,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
