import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseContractServer, contractServerFor, dockerEndpoints, dockerEngineReachable } from './contract-servers';

/**
 * The contract suites' choice of server. No Docker engine runs here, so the detection is proven on
 * HTTP servers on loopback that answer (or not) the engine's `GET /_ping` as an engine does.
 */

const dir = mkdtempSync(join(tmpdir(), 'ifu-docker-probe-'));
const servers: Server[] = [];

/** An HTTP server on a unix socket or a loopback port answering /_ping with `status` and `body`. */
async function pingServer(status: number, body: string, socketPath?: string): Promise<Server> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/_ping' ? status : 404, { 'content-type': 'text/plain' });
    res.end(req.url === '/_ping' ? body : 'not found');
  });
  await new Promise<void>((resolve) => (socketPath ? server.listen(socketPath, resolve) : server.listen(0, '127.0.0.1', resolve)));
  servers.push(server);
  return server;
}

let engineSocket: string;
let brokenSocket: string;
let engineTcp: string;

beforeAll(async () => {
  engineSocket = join(dir, 'engine.sock');
  await pingServer(200, 'OK', engineSocket);
  brokenSocket = join(dir, 'broken.sock');
  await pingServer(500, 'daemon is starting', brokenSocket);
  const tcp = await pingServer(200, 'OK');
  engineTcp = `tcp://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('chooseContractServer', () => {
  const postgres = { urlVariable: 'TEST_DATABASE_URL', embeddedFallback: true };
  const eventstore = { urlVariable: 'EVENTSTORE_URL', embeddedFallback: false };

  it.each([
    ['an engine, with a URL too', { ...postgres, dockerReachable: true, configuredUrl: 'postgres://x@h/db' }, { via: 'testcontainers' }],
    ['an engine, TEST_CONTAINERS=off', { ...postgres, dockerReachable: true, containersOff: true, configuredUrl: 'postgres://x@h/db' }, { via: 'configured', url: 'postgres://x@h/db' }],
    ['no engine, a URL', { ...eventstore, dockerReachable: false, configuredUrl: ' esdb://h:2113?tls=false ' }, { via: 'configured', url: 'esdb://h:2113?tls=false' }],
    ['no engine, no URL, PostgreSQL', { ...postgres, dockerReachable: false, configuredUrl: undefined }, { via: 'embedded' }],
    ['no engine, a blank URL, PostgreSQL', { ...postgres, dockerReachable: false, configuredUrl: '  ' }, { via: 'embedded' }],
    [
      'no engine, no URL, EventStoreDB',
      { ...eventstore, dockerReachable: false, configuredUrl: undefined },
      { via: 'skip', reason: 'EVENTSTORE_URL is not set and no Docker engine is reachable for testcontainers' },
    ],
  ])('when there is %s, then the choice is as expected', (_case, input, expected) => {
    expect(chooseContractServer(input)).toEqual(expected);
  });
});

describe('dockerEndpoints', () => {
  it('when DOCKER_HOST is set, then only it is tried, by its scheme', () => {
    expect(dockerEndpoints({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual([{ socketPath: '/run/user/1000/docker.sock' }]);
    expect(dockerEndpoints({ DOCKER_HOST: 'tcp://10.0.0.5:2375' })).toEqual([{ url: 'http://10.0.0.5:2375' }]);
    expect(dockerEndpoints({ DOCKER_HOST: 'tcp://10.0.0.5:2376', DOCKER_TLS_VERIFY: '1' })).toEqual([{ url: 'https://10.0.0.5:2376' }]);
    expect(dockerEndpoints({ DOCKER_HOST: 'ssh://user@host' })).toEqual([]);
  });

  it('when DOCKER_HOST is unset, then the sockets that exist are tried: rootless and Docker Desktop ones included', () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.docker/run'), { recursive: true });
    writeFileSync(join(home, '.docker/run/docker.sock'), '');
    const endpoints = dockerEndpoints({ HOME: home, XDG_RUNTIME_DIR: join(dir, 'no-such-runtime-dir') });
    expect(endpoints).toContainEqual({ socketPath: join(home, '.docker/run/docker.sock') });
    expect(endpoints).not.toContainEqual({ socketPath: join(dir, 'no-such-runtime-dir/docker.sock') });
  });
});

describe('dockerEngineReachable', () => {
  it('when the socket answers /_ping with OK, then an engine is reachable', async () => {
    expect(await dockerEngineReachable({ DOCKER_HOST: `unix://${engineSocket}` })).toBe(true);
  });

  it('when DOCKER_HOST names a TCP endpoint that answers OK, then an engine is reachable', async () => {
    expect(await dockerEngineReachable({ DOCKER_HOST: engineTcp })).toBe(true);
  });

  it('when the socket answers with an error, is a stale file, or is missing, then no engine is reachable', async () => {
    expect(await dockerEngineReachable({ DOCKER_HOST: `unix://${brokenSocket}` })).toBe(false);
    const stale = join(dir, 'stale.sock');
    writeFileSync(stale, '');
    expect(await dockerEngineReachable({ DOCKER_HOST: `unix://${stale}` })).toBe(false);
    expect(await dockerEngineReachable({ DOCKER_HOST: `unix://${join(dir, 'missing.sock')}` })).toBe(false);
    expect(await dockerEngineReachable({ DOCKER_HOST: 'tcp://127.0.0.1:9' })).toBe(false);
  });

  it('when nothing is configured and no default socket exists, then no engine is reachable', async () => {
    // This machine has no Docker engine (the reason the detection is proven on the servers above).
    expect(await dockerEngineReachable({ HOME: join(dir, 'nobody') })).toBe(false);
  });
});

describe('contractServerFor', () => {
  it('when an engine answers, then the suites start their servers through testcontainers unless TEST_CONTAINERS=off', async () => {
    const env = { DOCKER_HOST: `unix://${engineSocket}`, EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false' };
    expect(await contractServerFor('EVENTSTORE_URL', env)).toEqual({ via: 'testcontainers' });
    expect(await contractServerFor('EVENTSTORE_URL', { ...env, TEST_CONTAINERS: 'off' })).toEqual({ via: 'configured', url: env.EVENTSTORE_URL });
  });

  it('when no engine answers, then PostgreSQL falls back to the configured URL or PGlite, and EventStoreDB to its URL or a skip', async () => {
    const env = { DOCKER_HOST: `unix://${brokenSocket}` };
    expect(await contractServerFor('TEST_DATABASE_URL', { ...env, TEST_DATABASE_URL: 'postgres://p@127.0.0.1:5432/postgres' })).toEqual({
      via: 'configured',
      url: 'postgres://p@127.0.0.1:5432/postgres',
    });
    expect(await contractServerFor('TEST_DATABASE_URL', env)).toEqual({ via: 'embedded' });
    expect(await contractServerFor('EVENTSTORE_URL', env)).toMatchObject({ via: 'skip' });
  });
});
