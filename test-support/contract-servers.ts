import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

/**
 * Where the database contract suites get their server: from testcontainers where a Docker engine is
 * reachable, otherwise from the configured URL, otherwise the embedded PGlite (PostgreSQL only) or a skip that says why.
 * TEST_CONTAINERS=off keeps testcontainers out even with an engine (to test against a configured server).
 */
export type ServerChoice =
  | { via: 'testcontainers' }
  | { via: 'configured'; url: string }
  | { via: 'embedded' }
  | { via: 'skip'; reason: string };

export function chooseContractServer(input: {
  dockerReachable: boolean;
  /** The configured server's URL (TEST_DATABASE_URL, EVENTSTORE_URL), if any. */
  configuredUrl: string | undefined;
  /** The variable that names it, for the skip reason. */
  urlVariable: string;
  /** PostgreSQL has an embedded stand-in; EventStoreDB has none. */
  embeddedFallback: boolean;
  containersOff?: boolean;
}): ServerChoice {
  if (input.dockerReachable && !input.containersOff) return { via: 'testcontainers' };
  const url = input.configuredUrl?.trim();
  if (url) return { via: 'configured', url };
  if (input.embeddedFallback) return { via: 'embedded' };
  return { via: 'skip', reason: `${input.urlVariable} is not set and no Docker engine is reachable for testcontainers` };
}

const PING_TIMEOUT_MS = 1_000;

/** Where a Docker engine may answer: DOCKER_HOST when set, else the usual sockets (system, rootless, Docker Desktop). */
export function dockerEndpoints(env: NodeJS.ProcessEnv): Array<{ socketPath: string } | { url: string }> {
  const host = env.DOCKER_HOST?.trim();
  if (host) {
    if (host.startsWith('unix://')) return [{ socketPath: host.slice('unix://'.length) }];
    if (host.startsWith('tcp://')) return [{ url: `${env.DOCKER_TLS_VERIFY ? 'https' : 'http'}://${host.slice('tcp://'.length)}` }];
    return [];
  }
  const sockets = ['/var/run/docker.sock'];
  if (env.XDG_RUNTIME_DIR) sockets.push(join(env.XDG_RUNTIME_DIR, 'docker.sock'));
  if (env.HOME) sockets.push(join(env.HOME, '.docker/run/docker.sock'));
  return sockets.filter((socketPath) => existsSync(socketPath)).map((socketPath) => ({ socketPath }));
}

/** GET /_ping answered `OK`: an engine, not a stale socket file. Quiet and bounded: any failure is false. */
function pingAnswers(endpoint: { socketPath: string } | { url: string }): Promise<boolean> {
  return new Promise((resolve) => {
    // An engine behind TLS needs client certificates to talk to: testcontainers has them, this probe does not.
    if ('url' in endpoint && endpoint.url.startsWith('https:')) return resolve(true);
    const target = 'url' in endpoint ? new URL('/_ping', endpoint.url) : undefined;
    const req = request(
      target ? { host: target.hostname, port: target.port, path: '/_ping', timeout: PING_TIMEOUT_MS } : { socketPath: (endpoint as { socketPath: string }).socketPath, path: '/_ping', timeout: PING_TIMEOUT_MS },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body = (body + chunk).slice(0, 64)));
        res.on('end', () => resolve(res.statusCode === 200 && body.trim() === 'OK'));
        res.on('error', () => resolve(false));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** True when one of the endpoints answers as a Docker engine. */
export async function dockerEngineReachable(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  for (const endpoint of dockerEndpoints(env)) if (await pingAnswers(endpoint)) return true;
  return false;
}

/** The choice for this process's environment. */
export async function contractServerFor(urlVariable: 'TEST_DATABASE_URL' | 'EVENTSTORE_URL', env: NodeJS.ProcessEnv = process.env): Promise<ServerChoice> {
  const containersOff = env.TEST_CONTAINERS?.trim().toLowerCase() === 'off';
  return chooseContractServer({
    dockerReachable: containersOff ? false : await dockerEngineReachable(env),
    configuredUrl: env[urlVariable],
    urlVariable,
    embeddedFallback: urlVariable === 'TEST_DATABASE_URL',
    containersOff,
  });
}

/** The PostgreSQL image of the contract suite: the server version of docker-compose.yml and CI. */
export const POSTGRES_IMAGE = 'postgres:15';
/** The EventStoreDB image of docker-compose.yml's eventstore profile. */
export const EVENTSTOREDB_IMAGE = 'eventstore/eventstore:24.10';

/** A PostgreSQL server in a container; its superuser URL and a stop. testcontainers is loaded only here. */
export async function startPostgresContainer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer(POSTGRES_IMAGE).start();
  return { url: container.getConnectionUri(), stop: async () => void (await container.stop()) };
}

/** A single insecure EventStoreDB node in a container (as the compose profile runs it); its esdb:// URL and a stop. */
export async function startEventStoreContainer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(EVENTSTOREDB_IMAGE)
    .withEnvironment({
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
      EVENTSTORE_TELEMETRY_OPTOUT: 'true',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status >= 200 && status < 300))
    .start();
  return { url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, stop: async () => void (await container.stop()) };
}
