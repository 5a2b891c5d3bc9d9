import { randomUUID } from 'node:crypto';
import { CHANGE_ORDER_NUMBERS_STREAM, type Role, userStreamId } from '@ifu/contracts';
import { generate } from 'otplib';
import sharp from 'sharp';
import { setPassword } from '../auth';
import { changeOrderNumbersDecider } from '../documents';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { userDecider, claimEmail, executeUserStep } from '../users';
import { DEMO_CHANGE_ORDERS, DEMO_CUSTOMERS, type DemoCustomer, demoGtin, ifuOf } from './demo-content';
import { makeDemoIfuPdf } from './demo-pdf';

/**
 * The demo data set (`npm run seed:demo`, `npm start -- --demo`): demo accounts, two approved customers with logos,
 * and change orders with children in several languages, some pending, some approved, one rejected.
 *
 * Everything goes the way the product's own users would make it: accounts through the command pipeline (as the
 * first administrator is made: claim the address, register, store the password hash, record PasswordSet), customers,
 * uploads and change orders over HTTP against the running API (so each step is validated, authorized, signed with
 * the signer's own password and projected as in production), and the approver's review (every file opened) and signed
 * decision over HTTP too.
 * No SQL writes, no hand-made events.
 */

/** Demo-only accounts. The passwords are printed and documented: never use them outside a demo. */
export const DEMO_ACCOUNTS = [
  { key: 'approver', email: 'alma.approver@demo.ifu-portal.example', password: 'demo-approver-pass-1', firstName: 'Alma', lastName: 'Approver', role: 'ADMIN' },
  { key: 'admin', email: 'max.admin@demo.ifu-portal.example', password: 'demo-admin-pass-1', firstName: 'Max', lastName: 'Admin', role: 'ADMIN' },
  { key: 'author', email: 'ada.author@demo.ifu-portal.example', password: 'demo-author-pass-1', firstName: 'Ada', lastName: 'Author', role: 'USER' },
] as const satisfies ReadonlyArray<{ key: string; email: string; password: string; firstName: string; lastName: string; role: Role }>;

type AccountKey = (typeof DEMO_ACCOUNTS)[number]['key'];

/** Refused: the store already has change orders (seeding twice would mix two demo sets, or a demo set into real data). */
export class DemoDataRefused extends Error {}

export interface DemoSeedResult {
  /** `secondFactorSecret`: the TOTP secret the seed set up for a demo ADMIN, for an authenticator app. */
  accounts: Array<{ email: string; password: string; role: Role; id: string; what: string; secondFactorSecret?: string }>;
  customers: Array<{ id: string; name: string; searchUrl: string | null }>;
  changeOrders: Array<{ parentChangeId: string; documentId: string; family: string; children: number; status: 'REQUIRE_APPROVAL' | 'APPROVED' | 'REJECTED' }>;
}

const ACCOUNT_ROLES: Record<AccountKey, string> = {
  approver: 'ADMIN: approves the customers and the change orders',
  admin: 'ADMIN: registered the customers',
  author: 'USER: authored the change orders',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** DD-MMM-YYYY, as the wizard sends the effective date. */
const dayMonthYear = (date: Date) => `${String(date.getUTCDate()).padStart(2, '0')}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;

/** How many change orders the log has numbered (0 on a store without any). Read from the events, not a read model. */
export async function changeOrderCount(ctx: AppContext): Promise<number> {
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'demo-seed' }, correlationId: randomUUID(), ip: null, userAgent: null });
  const { state } = await run.load(CHANGE_ORDER_NUMBERS_STREAM, changeOrderNumbersDecider);
  return Object.values(state.last).reduce((sum, n) => sum + n, 0);
}

/** A square PNG logo: a diagonal gradient with the customer's initials (sharp renders the SVG). */
export async function makeDemoLogo(logo: DemoCustomer['logo'], size = 256): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${logo.from}"/><stop offset="1" stop-color="${logo.to}"/></linearGradient></defs>
  <rect width="256" height="256" rx="40" fill="url(#g)"/>
  <circle cx="128" cy="128" r="92" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>
  <text x="128" y="150" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="84" font-weight="bold" fill="#ffffff" text-anchor="middle">${logo.initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Creates an active account with a password, through the pipeline (as `bootstrapFirstAdmin` and the test harness do). */
async function createAccount(ctx: AppContext, run: CommandRun, account: (typeof DEMO_ACCOUNTS)[number]): Promise<string> {
  const userId = randomUUID();
  await claimEmail(ctx, run, account.email, userId);
  // The printed name is claimed as Manage User claims it.
  await executeUserStep(
    ctx,
    run,
    {
      stream: userStreamId(userId),
      decider: userDecider,
      command: { type: 'RegisterUser', userId, email: account.email, firstName: account.firstName, lastName: account.lastName, role: account.role, isTrainingCompleted: true },
    },
    userId,
  );
  // Seeded like the first administrator: no link to follow; the hash is sealed in the log as every password is.
  await setPassword(ctx, run, userId, account.password, { via: 'bootstrap' });
  return userId;
}

class DemoClient {
  constructor(private readonly baseUrl: string) {}

  /** One call; `reviewedVersion` goes as If-Match (a signed decision names the version of the record it reviewed). */
  async send<T>(method: string, path: string, body: FormData | object | undefined, token?: string, reviewedVersion?: number): Promise<T> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (reviewedVersion !== undefined) headers['if-match'] = `"${reviewedVersion}"`;
    let payload: FormData | string | undefined;
    if (body === undefined || body instanceof FormData) payload = body;
    else {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    if (!response.ok) throw new Error(`demo data: ${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  /**
   * Fetches a signed file link whole: fetching the bytes is what opens a file for the approver's review. Asked of
   * this API directly (the link names the public address, PUBLIC_API_URL, which need not be where the seed's API listens).
   */
  async fetchFile(link: string): Promise<void> {
    const path = link.slice(link.indexOf('/document/file/'));
    const response = await fetch(`${this.baseUrl}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`demo data: GET ${path.split('?')[0]} answered ${response.status}`);
  }

  /** The second factors this seed set up for its ADMINs: printed, so that the demo's ADMINs can log in. */
  readonly secondFactors = new Map<string, string>();

  /**
   * Logs in. A demo ADMIN has no second factor yet, and a session without one may do nothing else: the
   * seed sets one up for it as a person would, with the code of the secret shown, and keeps the secret to print.
   */
  async login(email: string, password: string): Promise<string> {
    const answer = await this.send<{ message: string; secondFactorEnrolmentRequired?: boolean }>('POST', '/user/get/token', { username: email, password });
    if (answer.secondFactorEnrolmentRequired) {
      const { enrolmentId, secret } = await this.send<{ enrolmentId: string; secret: string }>('POST', '/user/second-factor/enrolment', undefined, answer.message);
      await this.send('POST', '/user/second-factor/enrolment/confirm', { enrolmentId, code: await generate({ secret }) }, answer.message);
      this.secondFactors.set(email, secret);
    }
    return answer.message;
  }
}

const form = (fields: Record<string, string>, files: Array<{ field: string; bytes: Buffer; name: string; type: string }>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const file of files) body.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
};

/**
 * Seeds the demo data set into a running API: `api.context` is its context, `api.url` where it answers (loopback).
 * Refuses with `DemoDataRefused` when the log already has change orders.
 */
export async function seedDemo(api: { context: AppContext; url: string }, options: { log?: (line: string) => void } = {}): Promise<DemoSeedResult> {
  const ctx = api.context;
  const log = options.log ?? (() => {});
  const existing = await changeOrderCount(ctx);
  if (existing > 0) {
    throw new DemoDataRefused(`Demo data not seeded: this store already has ${existing} change order(s). Seed only into an empty store (e.g. a fresh DATA_DIR).`);
  }
  const client = new DemoClient(api.url);

  // 1. The demo accounts.
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'demo-seed' }, correlationId: randomUUID(), ip: null, userAgent: null });
  const ids = {} as Record<AccountKey, string>;
  for (const account of DEMO_ACCOUNTS) ids[account.key] = await createAccount(ctx, run, account);
  await run.settle(['user-accounts'], 30_000);
  const tokens = {} as Record<AccountKey, string>;
  for (const account of DEMO_ACCOUNTS) tokens[account.key] = await client.login(account.email, account.password);
  const approver = DEMO_ACCOUNTS[0];
  const author = DEMO_ACCOUNTS[2];
  log(`accounts: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);

  // 2. Two customers, registered by the admin with a logo, approved (signed) by the approver.
  const customers: DemoSeedResult['customers'] = [];
  for (const customer of DEMO_CUSTOMERS) {
    const added = await client.send<{ customer: { id: string; version: number } }>(
      'POST',
      '/customer/add',
      form(
        {
          customerName: customer.name,
          contactInformation: customer.contactInformation,
          contactEmail: customer.contactEmail,
          countryExclusionList: customer.countryExclusionList,
          customerWebsiteLink: customer.website,
          approverId: ids.approver,
        },
        [{ field: 'customerLogo', bytes: await makeDemoLogo(customer.logo), name: `${customer.logo.initials.toLowerCase()}-logo.png`, type: 'image/png' }],
      ),
      tokens.admin,
    );
    const approved = await client.send<{ customer: { id: string; searchUrl: string | null } }>(
      'POST',
      '/customer/approve/add',
      {
        customerId: added.customer.id,
        customerApproverId: ids.approver,
        customerApproval: true,
        changeDescription: 'Demo customer: contract and labelling agreement on file',
        username: approver.email,
        password: approver.password,
      },
      tokens.approver,
      added.customer.version,
    );
    customers.push({ id: added.customer.id, name: customer.name, searchUrl: approved.customer.searchUrl });
    log(`customer approved: ${customer.name}`);
    if (customer.openAccess) {
      await client.send('PUT', '/customer/openAccess', { id: added.customer.id, openAccess: true }, tokens.admin);
      log(`customer open access: ${customer.name} (its labels' QR codes lead straight to the leaflets)`);
    }
  }

  // 3. Change orders by the author: each child a generated PDF uploaded through the wizard's upload call.
  const changeOrders: DemoSeedResult['changeOrders'] = [];
  const now = ctx.clock();
  for (const [orderIndex, order] of DEMO_CHANGE_ORDERS.entries()) {
    const customer = DEMO_CUSTOMERS[order.customer];
    const parentUpload = await client.send<{ uploadParentDocumentFileId: string }>(
      'POST',
      '/document/addDocumentFiles',
      form({ isParent: 'true' }, [
        { field: 'parentLogo', bytes: await makeDemoLogo(customer.logo, 128), name: 'logo.png', type: 'image/png' },
        {
          field: 'parentDocuments',
          bytes: await makeDemoIfuPdf({
            titles: ['Change summary'],
            product: order.family,
            partNumber: order.children.map((c) => c.partNumber).join(', '),
            lotNumber: order.children.map((c) => c.lot).join(', '),
            manufacturer: customer.name,
            sections: [
              { heading: 'Description of change', body: order.changeDescription },
              { heading: 'Justification', body: order.changeJustification },
              { heading: 'Documents affected', body: order.children.map((c) => `${c.partNumber} (${c.languages.join(', ')}; ${c.countries.join(', ')})`).join('; ') },
            ],
          }),
          name: 'change-summary.pdf',
          type: 'application/pdf',
        },
      ]),
      tokens.author,
    );
    const list = [];
    for (const [childIndex, child] of order.children.entries()) {
      const pdf = await makeDemoIfuPdf(ifuOf(order, child, customer.name));
      const upload = await client.send<{ uploadChildDocumentFileId: string }>(
        'POST',
        '/document/addDocumentFiles',
        form({ isParent: 'false' }, [{ field: 'childMainDocument', bytes: pdf, name: `${child.partNumber}-${child.languages.join('-')}.pdf`, type: 'application/pdf' }]),
        tokens.author,
      );
      list.push({
        associatedReferenceNumber: child.lot,
        productSubFamilyNameOne: child.partNumber,
        billMaterialInformation: child.bom,
        countryList: child.countries.join(','),
        languageList: child.languages.join(','),
        keywords: child.keywords,
        changeDescription: order.changeDescription,
        changeJustification: order.changeJustification,
        uploadDocumentFileId: upload.uploadChildDocumentFileId,
        gtin: demoGtin(orderIndex, childIndex),
      });
    }
    const effective = new Date(now.getTime() + order.effectiveInDays * 86_400_000);
    const created = await client.send<{ document: { parentChangeId: string; documentId: string } }>(
      'POST',
      '/document/addDocumentListData',
      {
        changeType: order.changeType,
        productFamilyName: order.family,
        productFamilyDescription: `${order.product}: ${order.use}`.slice(0, 2000),
        approverId: ids.approver,
        isInternal: order.isInternal,
        customerId: customers[order.customer]!.id,
        effectiveDate: dayMonthYear(effective),
        changeDescription: order.changeDescription,
        changeJustification: order.changeJustification,
        uploadParentDocumentFileId: parentUpload.uploadParentDocumentFileId,
        list,
        username: author.email,
        password: author.password,
        comments: 'Ready for review',
      },
      tokens.author,
    );
    const { parentChangeId, documentId } = created.document;
    let status: DemoSeedResult['changeOrders'][number]['status'] = 'REQUIRE_APPROVAL';
    if (order.outcome !== 'pending') {
      // The approver reviews every file (each download is recorded), then signs the decision.
      const view = await client.send<{ parentDocumentList: { fileId: string }[]; children: { childDocumentId: string }[]; version: number }>(
        'GET',
        `/document/get/${parentChangeId}`,
        undefined,
        tokens.approver,
      );
      for (const id of [...view.parentDocumentList.map((f) => f.fileId), ...view.children.map((c) => c.childDocumentId)]) {
        const { documentPath } = await client.send<{ documentPath: string }>('GET', `/document/getDocumentDownload/${id}`, undefined, tokens.approver);
        await client.fetchFile(documentPath);
      }
      await client.send(
        'POST',
        '/document/approveDocuments',
        {
          parentChangeId,
          approverId: ids.approver,
          documentApproval: order.outcome === 'approve',
          reason: order.reason ?? '',
          username: approver.email,
          password: approver.password,
          confirmPassword: approver.password,
        },
        tokens.approver,
        view.version,
      );
      status = order.outcome === 'approve' ? 'APPROVED' : 'REJECTED';
    }
    changeOrders.push({ parentChangeId, documentId, family: order.family, children: order.children.length, status });
    log(`change order ${documentId} (${order.family}, ${order.children.length} documents): ${status}`);
  }

  // 4. Notices on the public pages: one for everyone, one for the first customer, one for its first family.
  const firstFamily = changeOrders.find((order) => order.status === 'APPROVED' && DEMO_CHANGE_ORDERS.find((o) => o.family === order.family)?.customer === 0);
  const notices = [
    { customerID: null, productID: null, notificationText: 'The document portal is being updated on Sunday between 02:00 and 04:00 UTC; downloads may be slow.' },
    { customerID: customers[0]!.id, productID: null, notificationText: `${customers[0]!.name}: printed leaflets are no longer shipped with new orders; download the current IFU here.` },
    ...(firstFamily
      ? [{ customerID: customers[0]!.id, productID: firstFamily.parentChangeId, notificationText: `${firstFamily.family}: check the lot number on the pouch against the IFU before use.` }]
      : []),
  ];
  for (const notice of notices) await client.send('POST', '/user/addNotification', notice, tokens.admin);
  log(`notices: ${notices.length} (global, customer, product)`);
  // The PDFs' text is extracted by a queue after each upload's answer: the demo is searchable once it is done.
  await ctx.textQueue.idle();
  log('the PDFs\' text: extracted and searchable');

  return {
    accounts: DEMO_ACCOUNTS.map((a) => {
      const secondFactorSecret = client.secondFactors.get(a.email);
      return { email: a.email, password: a.password, role: a.role, id: ids[a.key], what: ACCOUNT_ROLES[a.key], ...(secondFactorSecret ? { secondFactorSecret } : {}) };
    }),
    customers,
    changeOrders,
  };
}

/** The summary printed after seeding: what was made and how to sign in. */
export function describeDemoSeed(result: DemoSeedResult): string[] {
  const count = (status: string) => result.changeOrders.filter((c) => c.status === status).length;
  return [
    `Demo data: ${result.customers.length} approved customers (${result.customers.map((c) => c.name).join(', ')}), ${result.changeOrders.length} change orders with ${result.changeOrders.reduce((n, c) => n + c.children, 0)} documents (${count('REQUIRE_APPROVAL')} pending, ${count('APPROVED')} approved, ${count('REJECTED')} rejected).`,
    'Demo accounts (demo only: these passwords are public, never use them on real data):',
    ...result.accounts.map((a) => `    ${a.email.padEnd(40)} ${a.password.padEnd(22)} ${a.what}`),
    ...(result.accounts.some((a) => a.secondFactorSecret)
      ? [
          'Second factor of the demo ADMINs (an ADMIN must have one): add the key to an authenticator app (time-based, 6 digits, 30 s):',
          ...result.accounts.filter((a) => a.secondFactorSecret).map((a) => `    ${a.email.padEnd(40)} ${a.secondFactorSecret}`),
        ]
      : []),
  ];
}
