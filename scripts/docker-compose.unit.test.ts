import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipUnless } from '../test-support/machine-needs';
import { describe, expect, it } from 'vitest';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { parse } from 'yaml';

/**
 * docker-compose.yml describes the production topology (architecture §1). When the docker compose plugin is
 * installed, compose itself validates the file; dclint checks it against the Compose Specification everywhere
 * (`npm run lint:compose`, in .ci/run); the structural checks below hold the decisions the specification cannot.
 */

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const read = (name: string) => readFileSync(`${rootDir}${name}`, 'utf8');

/** What `docker compose up` starts, without a profile. */
const DEFAULT_SERVICES = ['postgres', 'postgres-replica', 'api-1', 'api-2', 'projections', 'nginx', 'admin-portal', 'customer-portal'] as const;
const API_INSTANCES = ['api-1', 'api-2'] as const;
/** The secrets compose must demand (`${VAR:?message}`); dummy values for `docker compose config`. */
const REQUIRED_SECRETS: Record<string, string> = {
  POSTGRES_PASSWORD: 'dummy-postgres-password',
  API_DB_PASSWORD: 'dummy-api-db-password',
  REPLICATION_PASSWORD: 'dummy-replication-password',
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
  restart?: string;
  profiles?: string[];
  pull_policy?: string;
  entrypoint?: string | string[];
  user?: string;
  deploy?: { replicas?: number };
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

// The x- blocks are YAML anchors merged into the services (`<<`), as compose and dclint read them.
const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
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
/** Host-side `interface:port:container` of each published port. */
const publishedPorts = (svc: Service) => (svc.ports ?? []).map(String);
const buildTarget = (svc: Service) => (typeof svc.build === 'object' ? svc.build.target : undefined);
const dockerfileStages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)\s*$/gim)].map((match) => match[1]);
const REQUIRED_INTERPOLATION = /^\$\{([A-Z][A-Z0-9_]*):\?[^}]+\}$/;

function dockerCompose(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync('docker', ['compose', ...args], { cwd: rootDir, env, encoding: 'utf8', timeout: 30_000 });
}

const withoutCompose = skipUnless(['docker-compose'], 'docker-compose.yml, checked by docker compose');

describe('docker-compose.yml, checked by docker compose', () => {
  // `--env-file /dev/null` keeps a developer's .env out of the check.
  const envWith = (secrets: Record<string, string>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...secrets };
    for (const name of Object.keys(REQUIRED_SECRETS)) if (!(name in secrets)) delete env[name];
    return env;
  };

  it.skipIf(withoutCompose)('when every required secret is set, then `docker compose config -q` succeeds', () => {
    const result = dockerCompose(['--env-file', '/dev/null', 'config', '-q'], envWith(REQUIRED_SECRETS));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.skipIf(withoutCompose)('when JWT_SECRET is missing, then compose refuses with its message', () => {
    const { JWT_SECRET: _omitted, ...others } = REQUIRED_SECRETS;
    const result = dockerCompose(['--env-file', '/dev/null', 'config', '-q'], envWith(others));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET');
  });
});

describe('docker-compose.yml, checked by structure', () => {
  it('when the stack is brought up without a profile, then the production shape starts (two API instances behind nginx, a streaming replica, a projections worker), and EventStoreDB only in its profile', () => {
    const started = Object.entries(compose.services)
      .filter(([, svc]) => svc.profiles === undefined)
      .map(([name]) => name);
    expect(started.sort()).toEqual([...DEFAULT_SERVICES].sort());
    expect(service('eventstoredb').profiles).toEqual(['eventstore']);
    // No default service waits for EventStoreDB (compose refuses to start one that depends on an inactive profile).
    for (const name of DEFAULT_SERVICES) expect(Object.keys(dependencies(service(name)))).not.toContain('eventstoredb');
  });

  it('when a service is started, then it has an image to run or a build to make one, and a build is always made here', () => {
    for (const name of Object.keys(compose.services)) {
      const svc = service(name);
      expect(svc.image ?? svc.build, `${name} has neither image nor build`).toBeTruthy();
      const target = buildTarget(svc);
      if (target !== undefined) {
        expect(dockerfileStages, `${name} builds Dockerfile target ${target}`).toContain(target);
        // image + build names the built image; pull_policy build says it is built here, never pulled.
        expect(svc.pull_policy, `${name} is built, not pulled`).toBe('build');
      }
    }
  });

  it('when a container dies or turns unhealthy, then compose restarts it and its dependants wait for it to be healthy', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      expect(svc.restart, `${name} restart policy`).toBe('unless-stopped');
      expect(svc.healthcheck?.test, `${name} healthcheck`).toBeDefined();
      for (const [dependency, condition] of Object.entries(dependencies(svc))) {
        expect(condition, `${name} waits for ${dependency}`).toBe('service_healthy');
      }
    }
  });

  it('when a port is published, then it is on 127.0.0.1 only, and only the balancer and the portals publish one', () => {
    const publishing = Object.entries(compose.services).filter(([, svc]) => (svc.ports ?? []).length > 0);
    expect(publishing.map(([name]) => name).sort()).toEqual(['admin-portal', 'customer-portal', 'nginx']);
    for (const [name, svc] of publishing) {
      for (const port of publishedPorts(svc)) expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:\$\{[A-Z_]+:-\d+\}:\d+$/);
    }
  });

  it('when the databases start, then postgres 15 is the primary and a streaming replica copies it with pg_basebackup', () => {
    const postgres = service('postgres');
    const replica = service('postgres-replica');
    expect(postgres.image).toBe('postgres:15');
    expect(replica.image).toBe('postgres:15');
    expect((postgres.volumes ?? []).map(String)).toContain('./scripts/postgres:/docker-entrypoint-initdb.d:ro');
    expect(read('scripts/postgres/01-api-role.sh')).toContain('CREATE ROLE ifu_api LOGIN');
    const replication = read('scripts/postgres/02-replication.sh');
    expect(replication).toContain('CREATE ROLE replicator WITH REPLICATION LOGIN');
    expect(replication).toContain('host replication replicator all scram-sha-256');
    expect(dependencies(replica)).toEqual({ postgres: 'service_healthy' });
    expect(replica.user).toBe('postgres');
    expect(commandText({ command: replica.entrypoint })).toBe('sh /usr/local/bin/replica-entrypoint.sh');
    expect((replica.volumes ?? []).map(String)).toContain('./deploy/postgres/replica-entrypoint.sh:/usr/local/bin/replica-entrypoint.sh:ro');
    const entrypoint = read('deploy/postgres/replica-entrypoint.sh');
    expect(entrypoint).toMatch(/pg_basebackup --host="\$PRIMARY_HOST" .*--username=replicator .*\\\n\s+--write-recovery-conf/);
    expect(environment(replica).PGPASSWORD).toBe(environment(postgres).REPLICATION_PASSWORD);
    const declared = Object.keys(compose.volumes ?? {});
    for (const [svc, path] of [
      [postgres, '/var/lib/postgresql/data'],
      [replica, '/var/lib/postgresql/data'],
      [service('eventstoredb'), '/var/lib/eventstore'],
    ] as const) {
      const mount = (svc.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]));
      const volume = mount.find(([, target]) => target === path);
      expect(volume, `a volume is mounted at ${path}`).toBeDefined();
      expect(declared).toContain(volume?.[0]);
    }
    // Each database server keeps a volume of its own.
    expect(new Set((postgres.volumes ?? []).concat(replica.volumes ?? []).map(String).filter((v) => v.startsWith('pgdata'))).size).toBe(2);
  });

  it('when the two API instances run, then they are one image with one configuration: the same secrets, databases and files', () => {
    const [first, second] = API_INSTANCES.map(service);
    expect(first).toEqual(second);
    const api = first!;
    expect(buildTarget(api)).toBe('api');
    expect(commandText(api)).toBe('node --enable-source-maps dist/server/server.js');
    const env = environment(api);
    for (const key of ['DATABASE_URL', 'DATABASE_OWNER_URL', 'DATABASE_READ_URL', 'JWT_SECRET', 'LINK_SECRET', 'AUDIT_KEY', 'SMTP_URL', 'ADMIN_EMAIL', 'API_PORT', 'PUBLIC_ADMIN_URL', 'PUBLIC_CUSTOMER_URL']) {
      expect(env[key], `api sets ${key}`).toBeTruthy();
    }
    expect(env.API_PORT).toBe('8080');
    // Projections run in the worker; nginx is the one proxy in front.
    expect(env.RUN_PROJECTIONS).toBe('false');
    expect(env.TRUST_PROXY).toBe('1');
    // The event log is PostgreSQL's unless the operator opts in to EventStoreDB.
    expect(env.EVENTSTORE_URL).toBe('${EVENTSTORE_URL:-}');
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/ifu_api:\$\{API_DB_PASSWORD:\?[^}]+\}@postgres:5432\/ifu$/);
    expect(env.DATABASE_READ_URL).toMatch(/^postgres:\/\/ifu_api:\$\{API_DB_PASSWORD:\?[^}]+\}@postgres-replica:5432\/ifu$/);
    expect(env.DATABASE_OWNER_URL).toMatch(/^postgres:\/\/ifu:/);
    // The audit checkpoints live on a volume of their own, not beside DATA_DIR.
    expect(env.AUDIT_CHECKPOINTS_FILE).toBe('/app/audit/audit-checkpoints.jsonl');
    expect(env.AUDIT_CHECKPOINTS_FILE!.startsWith(`${env.DATA_DIR}/`)).toBe(false);
    expect((api.volumes ?? []).map(String)).toEqual(['api-data:/app/data', 'audit-checkpoints:/app/audit']);
    expect(dependencies(api)).toEqual({ postgres: 'service_healthy', 'postgres-replica': 'service_healthy' });
    // The API's own default is loopback only: in its container it must listen on every interface.
    expect(env.HOST).toBe('0.0.0.0');
    expect(dockerfile).toMatch(/^\s+HOST=0\.0\.0\.0 \\$/m);
    expect(commandText({ command: api.healthcheck?.test })).toContain("fetch('http://127.0.0.1:8080/ready')");
  });

  it('when the projections workers run, then they use the api image with the compiled worker, two of them', () => {
    const worker = service('projections');
    const api = service('api-1');
    expect(worker.image).toBe(api.image);
    expect(buildTarget(worker)).toBe('api');
    expect(commandText(worker)).toBe('node --enable-source-maps dist/server/worker.js');
    expect(worker.deploy?.replicas).toBe(2);
    for (const key of ['DATABASE_URL', 'DATABASE_OWNER_URL', 'EVENTSTORE_URL', 'AUDIT_KEY']) expect(environment(worker)[key]).toBe(environment(api)[key]);
    // The worker keeps the read models, which it must not take from the replica.
    expect(environment(worker).DATABASE_READ_URL).toBeUndefined();
    expect(commandText({ command: worker.healthcheck?.test })).toContain('projection_checkpoints');
  });

  it('when requests arrive, then nginx balances them over both instances, and the customer portal sends its eIFU addresses through it', () => {
    const nginx = service('nginx');
    expect((nginx.volumes ?? []).map(String)).toContain('./deploy/nginx/compose-api.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(dependencies(nginx)).toEqual({ 'api-1': 'service_healthy', 'api-2': 'service_healthy' });
    const upstream = /upstream ifu_api \{([^}]*)\}/.exec(read('deploy/nginx/compose-api.conf'))?.[1] ?? '';
    expect([...upstream.matchAll(/server (\S+)/g)].map((m) => m[1])).toEqual(['api-1:8080', 'api-2:8080']);
    expect(environment(service('customer-portal')).API_UPSTREAM).toBe('http://nginx:80');
    expect(publishedPorts(nginx)).toEqual(['127.0.0.1:${API_HOST_PORT:-8080}:80']);
  });

  it('when the portals are served, then each is on its own port (its own domain behind the host proxy) with /config.json aimed at the api', () => {
    expect(publishedPorts(service('admin-portal'))).toEqual(['127.0.0.1:${ADMIN_PORTAL_HOST_PORT:-8081}:80']);
    expect(publishedPorts(service('customer-portal'))).toEqual(['127.0.0.1:${CUSTOMER_PORTAL_HOST_PORT:-8082}:80']);
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

describe('docker-compose.yml, checked by dclint against the Compose Specification', () => {
  it('when dclint reads the file with the team settings (.dclintrc.yml), then it reports no problem', () => {
    const result = spawnSync(`${rootDir}node_modules/.bin/dclint`, ['docker-compose.yml', '--max-warnings', '0'], { cwd: rootDir, encoding: 'utf8', timeout: 60_000 });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('deploy/nginx/compose-api.conf', () => {
  it.skipIf(skipUnless(['nginx'], 'deploy/nginx/compose-api.conf checked by nginx'))('when nginx checks it with loopback in place of the api hosts, then it is valid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ifu-compose-nginx-'));
    try {
      // The compose service names resolve only on the compose network.
      writeFileSync(join(dir, 'api.conf'), read('deploy/nginx/compose-api.conf').replace('api-1:8080', '127.0.0.1:9').replace('api-2:8080', '127.0.0.1:10'));
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${dir}/api.conf;\n}\n`,
      );
      const result = spawnSync('nginx', ['-t', '-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8', timeout: 30_000 });
      expect(result.stderr).toContain('syntax is ok');
      expect(result.status, result.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the load balancer rules: the compose stack runs the rules the production-shape tests run', () => {
  it('when both nginx configurations are read, then both spread requests with the rules the rolling restart proved (no instance marked down, no upstream keep-alive, whole requests buffered, a refused request sent on)', () => {
    const tested = read('deploy/nginx/api-instances.conf.template');
    const compose = read('deploy/nginx/compose-api.conf');
    for (const rule of ['proxy_request_buffering on;', 'proxy_next_upstream error timeout non_idempotent;', 'proxy_next_upstream_tries 3;', 'client_max_body_size 256m;', 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;']) {
      expect(tested, rule).toContain(rule);
      expect(compose, rule).toContain(rule);
    }
    expect(compose.match(/server api-\d:8080 max_fails=0;/g)).toHaveLength(2);
    expect(read('test-support/nginx.ts')).toContain('max_fails=0;');
    for (const config of [tested, compose]) expect(config).not.toMatch(/^\s*keepalive\s/m);
  });
});

describe('Dockerfile and .dockerignore', () => {
  const stage = (name: string) => {
    const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
    const rest = dockerfile.slice(start + 1);
    const next = rest.search(/^FROM /m);
    return next === -1 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
  };

  it('when the api image is built, then its last stage holds node, the production dependencies and dist/server, and runs node as a non-root user', () => {
    expect(dockerfileStages.at(-1)).toBe('api');
    const api = stage('api');
    expect(api).toMatch(/^FROM node:20-slim AS api$/m);
    expect(api).toContain('COPY --from=runtime-deps /app/node_modules ./node_modules');
    expect(api).toContain('COPY --from=server-build /app/dist/server ./dist/server');
    // No sources, no development dependencies.
    expect(api).not.toMatch(/^COPY \. \./m);
    expect(api).not.toContain('tsx');
    expect(api).toMatch(/^USER node$/m);
    expect(api).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.API_PORT \|\| 8080\) \+ '\/ready'\)/m);
    expect(api).toContain('CMD ["node", "--enable-source-maps", "dist/server/server.js"]');
    expect(stage('runtime-deps')).toMatch(/npm ci --omit=dev \\\n\s+--workspace services --workspace services\/contracts --workspace services\/storage --workspace projections$/m);
    expect(stage('server-build')).toMatch(/^RUN npm run build:server$/m);
    expect(dockerfile).not.toContain('npx tsx');
  });

  it('when the Dockerfile is read by a Dockerfile parser, then it has no problem, and every stage it copies from or builds on exists', () => {
    // No Docker engine here to build it: dockerfile-utils (the Docker language server's validator) checks instructions,
    // flags and arguments instead.
    expect(validateDockerfile(dockerfile).map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
    const stages = new Set(dockerfileStages);
    for (const [, from] of dockerfile.matchAll(/--from=(\S+)/g)) expect(stages, `COPY --from=${from}`).toContain(from);
    for (const [, base] of dockerfile.matchAll(/^FROM (\S+) AS \S+$/gm)) {
      if (!base!.includes(':')) expect(stages, `FROM ${base}`).toContain(base);
    }
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
