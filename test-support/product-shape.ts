import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChildServer, sharedSecrets, startApiProcess } from './api-process';
import { type ApiEndpoint, arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from './document-arrangements';
import { makePdf } from './documents';
import { freePort } from './free-port';
import { addUserWithPassword, callApi, logIn } from './http-client';
import { type Nginx, startNginx } from './nginx';
import { forgetHeldFactors } from './second-factor';
import { createServerDatabase, type ServerDatabase } from './server-database';

export const FIRST_ADMIN = { email: 'first.admin@example.com', password: 'first admin password 1' };

/**
 * The production shape on loopback: `instances` API processes sharing one PostgreSQL database and one
 * files directory, behind nginx. PUBLIC_API_URL is nginx's address, so the links the API signs lead through it.
 */
export interface ProductShape {
  /** nginx: the address clients use. */
  url: string;
  instances: ChildServer[];
  dataDir: string;
  database: ServerDatabase;
  nginx: Nginx;
  /** Graceful restart of instance `index`: SIGTERM, wait for its exit, start it again on the same port, wait until ready. */
  restart(index: number): Promise<{ exitCode: number | null; downMs: number; output: string }>;
  stop(): Promise<void>;
}

export async function startProductShape(options: { instances: number; env?: Record<string, string> }): Promise<ProductShape> {
  const database = await createServerDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-shape-'));
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  // A fresh database behind this address: a second factor held for it by an earlier run on the same port is stale
  // (its login would skip the enrolment and be refused: 403 second-factor-enrolment-required).
  await forgetHeldFactors(url);
  const env: Record<string, string> = {
    ...sharedSecrets(),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: FIRST_ADMIN.email,
    ADMIN_PASSWORD: FIRST_ADMIN.password,
    PUBLIC_API_URL: url,
    LOGIN_DELAY_MS: '0',
    TRUST_PROXY: '1',
    ...options.env,
  };
  // One after the other: the first migrates and creates the first administrator, the others find both done.
  const instances: ChildServer[] = [];
  for (let i = 0; i < options.instances; i++) instances.push(await startApiProcess(env));
  const nginx = await startNginx(instances.map((i) => i.port), { port: nginxPort });
  return {
    url,
    instances,
    dataDir,
    database,
    nginx,
    async restart(index) {
      const old = instances[index]!;
      const stopped = Date.now();
      const exitCode = await old.stop('SIGTERM');
      instances[index] = await startApiProcess({ ...env, API_PORT: String(old.port) });
      return { exitCode, downMs: Date.now() - stopped, output: old.output().slice(-3000) };
    },
    async stop() {
      await nginx.stop();
      await Promise.all(instances.map((i) => i.stop()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An endpoint for the arrangements over HTTP, logging each person in once (the login limit counts every login). */
export function endpoint(url: string): ApiEndpoint {
  const tokens = new Map<string, Promise<string>>();
  return {
    url,
    login(email, password) {
      let token = tokens.get(email);
      if (!token) tokens.set(email, (token = logIn(url, email, password)));
      return token;
    },
    call: (method, path, options = {}) => callApi(url, method, path, options),
  };
}

/** The people and records a steady load works with: an approver, an author, an approved open-access customer. */
export interface SeededProduct {
  approver: Signer;
  author: Signer;
  customerId: string;
  customerName: string;
  /** A public search link's body (open access): what a visitor's search sends. */
  publicSearch: { customerName: string; parentChangeId: string; encryptedEmail: string };
}

export async function seedProduct(shape: Pick<ProductShape, 'url' | 'dataDir'>): Promise<SeededProduct> {
  const api = endpoint(shape.url);
  const admin = await api.login(FIRST_ADMIN.email, FIRST_ADMIN.password);
  const approver = { email: 'alma.approver@example.com', password: 'approver password 12', firstName: 'Alma', lastName: 'Approver', role: 'ADMIN' as const };
  const author = { email: 'ada.author@example.com', password: 'author password 1234', firstName: 'Ada', lastName: 'Author', role: 'USER' as const };
  const approverId = await addUserWithPassword(shape.url, admin, shape.dataDir, approver);
  const authorId = await addUserWithPassword(shape.url, admin, shape.dataDir, author);
  const customerName = 'Northwind Medical';
  const customerId = await arrangeApprovedCustomer(api, FIRST_ADMIN, { ...approver, id: approverId }, customerName);
  const openAccess = await callApi(shape.url, 'PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } });
  if (openAccess.status !== 200) throw new Error(`open access: ${openAccess.status} ${JSON.stringify(openAccess.body)}`);
  const signer = { ...approver, id: approverId };
  const { parentChangeId } = await approvedChangeOrder(api, { author: { ...author, id: authorId }, approver: signer, customerId, name: 'Pump 1' });
  const link = await callApi(shape.url, 'POST', '/module2/openSearchLink', { body: { customerName, parentChangeId } });
  if (link.status !== 200) throw new Error(`open search link: ${link.status} ${JSON.stringify(link.body)}`);
  const query = new URL(link.body.searchUrl as string).searchParams;
  return {
    approver: signer,
    author: { ...author, id: authorId },
    customerId,
    customerName,
    publicSearch: { customerName, parentChangeId, encryptedEmail: query.get('encryptedEmail')! },
  };
}

/** A change order with one child, authored and signed by `author`, approved with `approver`'s signature. */
export async function approvedChangeOrder(api: ApiEndpoint, input: { author: Signer; approver: Signer; customerId: string; name: string }) {
  const created = await arrangeChangeOrder(api, {
    author: input.author,
    approverId: input.approver.id,
    customerId: input.customerId,
    productName: input.name,
    children: [{ lotNumber: `LOT-${input.name.replace(/\W+/g, '-')}`, partNumber: `P-${input.name.replace(/\W+/g, '-')}`, pdfLines: [`Instructions for ${input.name}`] }],
    waitForText: false,
  });
  await arrangeDecision(api, { parentChangeId: created.parentChangeId, approver: input.approver, approve: true });
  return created;
}

export interface LoadCounts {
  /** HTTP requests sent through nginx. */
  sent: number;
  /** Requests that got no answer or a 5xx, and operations refused (a 4xx the flow did not expect). */
  failed: number;
  failures: string[];
  operations: Record<string, number>;
}

/**
 * A steady load through nginx until `stop` resolves: logins, internal and public searches, uploads, and change
 * orders authored and approved with signatures, in turn, `clients` at a time. Every request to nginx is counted; one
 * without an answer or answered 5xx is a failure, and so is an operation whose flow was refused.
 */
export async function steadyLoad(shape: Pick<ProductShape, 'url'>, seeded: SeededProduct, options: { clients: number; stop: Promise<void> }): Promise<LoadCounts> {
  const counts: LoadCounts = { sent: 0, failed: 0, failures: [], operations: {} };
  const original = globalThis.fetch;
  const fail = (what: string) => {
    counts.failed += 1;
    if (counts.failures.length < 20) counts.failures.push(what);
  };
  globalThis.fetch = async (input, init) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!target.startsWith(shape.url)) return original(input, init);
    counts.sent += 1;
    try {
      const response = await original(input, init);
      if (response.status >= 500) fail(`${init?.method ?? 'GET'} ${target.slice(shape.url.length)}: ${response.status}`);
      return response;
    } catch (error) {
      fail(`${init?.method ?? 'GET'} ${target.slice(shape.url.length)}: ${(error as Error).message}`);
      throw error;
    }
  };
  let stopped = false;
  void options.stop.then(() => (stopped = true));
  const api = endpoint(shape.url);
  const pdf = new Blob([new Uint8Array(await makePdf('Instructions for use, uploaded under load'))], { type: 'application/pdf' });
  let made = 0;
  const operations: Array<[string, () => Promise<void>]> = [
    ['login', async () => void (await logIn(shape.url, seeded.author.email, seeded.author.password))],
    ['internal search', async () => expectOk(await callApi(shape.url, 'POST', '/document/searchDocuments', { token: await api.login(seeded.author.email, seeded.author.password), body: { keywords: 'instructions' } }))],
    ['public search', async () => expectOk(await callApi(shape.url, 'POST', '/module2/searchDocuments', { body: { ...seeded.publicSearch, keyword: 'instructions' } }))],
    [
      'upload',
      async () => {
        const form = new FormData();
        form.set('isParent', 'false');
        form.set('childMainDocument', pdf, 'IFU.pdf');
        const token = await api.login(seeded.author.email, seeded.author.password);
        const response = await fetch(`${shape.url}/document/addDocumentFiles`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
        expectOk({ status: response.status, body: await response.text() });
      },
    ],
    ['approval', async () => void (await approvedChangeOrder(api, { author: seeded.author, approver: seeded.approver, customerId: seeded.customerId, name: `Load ${++made}` }))],
  ];
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        for (let turn = client; !stopped; turn++) {
          const [name, run] = operations[turn % operations.length]!;
          try {
            await run();
            counts.operations[name] = (counts.operations[name] ?? 0) + 1;
          } catch (error) {
            fail(`${name}: ${(error as Error).message.slice(0, 300)}`);
          }
          // Logins are limited per address (100 in 15 minutes): the load paces itself rather than be refused.
          if (name === 'login') await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }),
    );
  } finally {
    globalThis.fetch = original;
  }
  return counts;
}

function expectOk(answer: { status: number; body: unknown }) {
  if (answer.status !== 200) throw new Error(`answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
}
