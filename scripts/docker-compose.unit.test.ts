import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * docker-compose.yml describes the production topology (architecture §1). When the docker compose plugin is
 * installed, compose itself validates the file; the structural checks below run everywhere, including machines
 * with only the docker client (no compose plugin, no engine).
 */

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const read = (name: string) => readFileSync(`${rootDir}${name}`, 'utf8');

const SERVICES = ['postgres', 'eventstoredb', 'api', 'projections', 'admin-portal', 'customer-portal'] as const;
/** The secrets compose must demand (`${VAR:?message}`); dummy values for `docker compose config`. */
const REQUIRED_SECRETS: Record<string, string> = {
  POSTGRES_PASSWORD: 'dummy-postgres-password',
  API_DB_PASSWORD: 'dummy-api-db-password',
  JWT_SECRET: 'dummy-jwt-secret-of-at-least-32-characters',
  LINK_SECRET: 'dummy-link-secret-of-at-least-32-characters',
  AUDIT_KEY: 'dummy-audit-key-of-at-least-32-characters',
  SMTP_URL: 'smtp://dummy:dummy@mail.invalid:25',
  ADMIN_EMAIL: 'admin@example.invalid',
};

type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number | { target: number; published?: string | number })[];
  volumes?: (string | { source?: string; target: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

const compose = parse(read('docker-compose.yml')) as ComposeFile;
const dockerfile = read('Dockerfile');

function service(name: string): Service {
  const found = compose.services[name];
  if (found === undefined) throw new Error(`service ${name} is missing`);
  return found;
}

function environment(svc: Service): Record<string, string> {
  const env = svc.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at === -1 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

/** Container-side ports a service publishes. */
function containerPorts(svc: Service): number[] {
  return (svc.ports ?? []).map((port) => {
    if (typeof port === 'object') return port.target;
    const spec = String(port).replace(/\/(tcp|udp)$/, '');
    return Number(spec.slice(spec.lastIndexOf(':') + 1));
  });
}

function dependencies(svc: Service): Record<string, string> {
  const deps = svc.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition ?? 'service_started']));
}

const commandText = (svc: Service) => (Array.isArray(svc.command) ? svc.command.join(' ') : (svc.command ?? ''));
const buildTarget = (svc: Service) => (typeof svc.build === 'object' ? svc.build.target : undefined);
const dockerfileStages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((match) => match[1]);
const REQUIRED_INTERPOLATION = /^\$\{([A-Z][A-Z0-9_]*):\?[^}]+\}$/;

function dockerCompose(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync('docker', ['compose', ...args], { cwd: rootDir, env, encoding: 'utf8', timeout: 30_000 });
}

const composeVersion = dockerCompose(['version'], process.env);
const composeAvailable = composeVersion.status === 0;
const skipReason = composeAvailable ? '' : ' (skipped here: `docker compose version` fails, the compose plugin is not installed)';

describe('docker-compose.yml, checked by docker compose', () => {
  // `--env-file /dev/null` keeps a developer's .env out of the check.
  const envWith = (secrets: Record<string, string>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...secrets };
    for (const name of Object.keys(REQUIRED_SECRETS)) if (!(name in secrets)) delete env[name];
    return env;
  };

  it.runIf(composeAvailable)(`when every required secret is set, then \`docker compose config -q\` succeeds${skipReason}`, () => {
    const result = dockerCompose(['--env-file', '/dev/null', 'config', '-q'], envWith(REQUIRED_SECRETS));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.runIf(composeAvailable)(`when JWT_SECRET is missing, then compose refuses with its message${skipReason}`, () => {
    const { JWT_SECRET: _omitted, ...others } = REQUIRED_SECRETS;
    const result = dockerCompose(['--env-file', '/dev/null', 'config', '-q'], envWith(others));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET');
  });
});

describe('docker-compose.yml, checked by structure', () => {
  it('when the file is read, then the six services of the topology exist', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...SERVICES].sort());
  });

  it('when a service is started, then it has an image to run or a build to make one', () => {
    for (const name of SERVICES) {
      const svc = service(name);
      expect(svc.image ?? svc.build, `${name} has neither image nor build`).toBeTruthy();
      const target = buildTarget(svc);
      if (target !== undefined) expect(dockerfileStages, `${name} builds Dockerfile target ${target}`).toContain(target);
    }
  });

  it('when the databases start, then postgres 15 and EventStoreDB 24.10 keep their data in volumes', () => {
    const postgres = service('postgres');
    expect(postgres.image).toBe('postgres:15');
    expect(postgres.healthcheck?.test).toBeDefined();
    const eventstore = service('eventstoredb');
    expect(eventstore.image).toBe('eventstore/eventstore:24.10');
    expect(environment(eventstore)).toMatchObject({ EVENTSTORE_CLUSTER_SIZE: '1', EVENTSTORE_INSECURE: 'true' });
    const declared = Object.keys(compose.volumes ?? {});
    for (const [svc, path] of [
      [postgres, '/var/lib/postgresql/data'],
      [eventstore, '/var/lib/eventstore'],
    ] as const) {
      const mount = (svc.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]));
      const volume = mount.find(([, target]) => target === path);
      expect(volume, `a volume is mounted at ${path}`).toBeDefined();
      expect(declared).toContain(volume?.[0]);
    }
  });

  it('when the api and the projections worker start, then they wait for a healthy postgres', () => {
    for (const name of ['api', 'projections']) {
      expect(dependencies(service(name))).toMatchObject({ postgres: 'service_healthy' });
    }
  });

  it('when the api runs, then it gets its whole configuration and leaves projections to the worker', () => {
    const api = service('api');
    expect(buildTarget(api)).toBe('api');
    expect(commandText(api)).toBe('npx tsx services/src/server.ts');
    const env = environment(api);
    for (const key of [
      'DATABASE_URL',
      'DATABASE_OWNER_URL',
      'EVENTSTORE_URL',
      'JWT_SECRET',
      'LINK_SECRET',
      'AUDIT_KEY',
      'SMTP_URL',
      'ADMIN_EMAIL',
      'API_PORT',
      'PUBLIC_ADMIN_URL',
      'PUBLIC_CUSTOMER_URL',
      'RUN_PROJECTIONS',
    ]) {
      expect(env[key], `api sets ${key}`).toBeTruthy();
    }
    expect(env.API_PORT).toBe('8080');
    expect(env.RUN_PROJECTIONS).toBe('false');
    // The audit checkpoints live on a volume of their own, not beside DATA_DIR (issue 19, finding 13).
    expect(env.AUDIT_CHECKPOINTS_FILE).toBe('/app/audit/audit-checkpoints.jsonl');
    expect(env.AUDIT_CHECKPOINTS_FILE!.startsWith(`${env.DATA_DIR}/`)).toBe(false);
    expect((api.volumes ?? []).map(String)).toContain('audit-checkpoints:/app/audit');
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.EVENTSTORE_URL).toMatch(/^esdb:\/\/eventstoredb:2113/);
    // The API works as its own role, which owns nothing; the owner only migrates (issue 8, finding 4).
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/ifu_api:/);
    expect(env.DATABASE_OWNER_URL).toMatch(/^postgres:\/\/ifu:/);
    const postgres = service('postgres');
    expect((postgres.volumes ?? []).map(String)).toContain('./scripts/postgres:/docker-entrypoint-initdb.d:ro');
    expect(read('scripts/postgres/01-api-role.sh')).toContain('CREATE ROLE ifu_api LOGIN');
  });

  it('when the projections worker runs, then it uses the api image with the worker command', () => {
    const worker = service('projections');
    const api = service('api');
    expect(worker.image).toBe(api.image);
    expect(buildTarget(worker)).toBe('api');
    expect(commandText(worker)).toBe('npx tsx projections/src/worker.ts');
    expect(environment(worker).DATABASE_URL).toBe(environment(api).DATABASE_URL);
  });

  it('when the stack is up, then the api listens on 8080 and each portal serves on 80 with /config.json aimed at the api', () => {
    expect(containerPorts(service('api'))).toContain(8080);
    // The API's own default is loopback only (issue 19, finding 14): in its container it must listen on every interface.
    expect(environment(service('api')).HOST).toBe('0.0.0.0');
    expect(dockerfile).toMatch(/^\s+HOST=0\.0\.0\.0 \\$/m);
    for (const name of ['admin-portal', 'customer-portal']) {
      const portal = service(name);
      expect(containerPorts(portal), `${name} publishes nginx's port`).toContain(80);
      expect(buildTarget(portal)).toBe(name);
      expect(environment(portal).PUBLIC_API_URL).toMatch(/^\$\{PUBLIC_API_URL:-https?:\/\/[^}]+\}$/);
    }
    expect(dockerfile).toMatch(/"apiUrl"/);
  });

  it('when the file is committed, then no secret value is written in it', () => {
    const secretName = /PASSWORD|SECRET|TOKEN|API_KEY|PRIVATE_KEY|SMTP_URL/;
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(environment(svc))) {
        if (secretName.test(key)) {
          expect(value, `${name}.${key} must be \${VAR:?message}`).toMatch(REQUIRED_INTERPOLATION);
        }
        // Credentials inside URLs (DATABASE_URL, ...) must be interpolated too.
        const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^@/]*)@/i.exec(value)?.[1];
        const password = userinfo?.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : undefined;
        if (password !== undefined) {
          expect(password, `${name}.${key} has a literal password`).toMatch(REQUIRED_INTERPOLATION);
        }
      }
    }
    const demanded = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]));
    expect([...demanded].sort()).toEqual(Object.keys(REQUIRED_SECRETS).sort());
  });
});

describe('Dockerfile and .dockerignore', () => {
  it('when the api image is built, then it is node:20-slim with `npm ci` and runs the server through tsx', () => {
    expect(dockerfile).toMatch(/^FROM node:20-slim AS deps$/m);
    expect(dockerfile).toMatch(/^RUN .*npm ci$/m);
    expect(dockerfile).toMatch(/^FROM deps AS api$/m);
    expect(dockerfile).toContain('CMD ["npx", "tsx", "services/src/server.ts"]');
    expect(dockerfileStages.at(-1)).toBe('api');
  });

  it('when the portals are built, then nginx:alpine serves each dist', () => {
    expect(dockerfile).toMatch(/^FROM nginx:alpine AS portal-base$/m);
    expect(dockerfile).toContain('COPY --from=admin-portal-build /app/admin-portal/dist /usr/share/nginx/html');
    expect(dockerfile).toContain('COPY --from=customer-portal-build /app/customer-portal/dist /usr/share/nginx/html');
  });

  it('when the build context is sent, then host node_modules, builds and local secrets stay out', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.env', '.env.*', '.git']));
  });
});
