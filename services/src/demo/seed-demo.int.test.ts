import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberFactor, timeStepOf } from '../../../test-support/second-factor';
import { startTestApi, type TestApi } from '../../../test-support/test-api';
import { DEMO_CHANGE_ORDERS } from './demo-content';
import { DEMO_ACCOUNTS, DemoDataRefused, describeDemoSeed, type DemoSeedResult, seedDemo } from './seed-demo';
import { expectEvery } from '../../../test-support/list-expectations';

describe('the demo data set', () => {
  let t: TestApi;
  let result: DemoSeedResult;

  beforeAll(async () => {
    t = await startTestApi();
    result = await seedDemo({ context: t.api.context, url: t.url });
    // The seed set up the demo ADMINs' second factors: the helpers log them in with the printed secrets.
    for (const account of result.accounts) {
      if (account.secondFactorSecret) await rememberFactor(t.url, account.email, { secret: account.secondFactorSecret, recoveryCodes: [], lastStep: timeStepOf(t.clock.now()) });
    }
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  it('when seeded into a fresh store, then its demo accounts can sign in', async () => {
    for (const account of DEMO_ACCOUNTS) await expect(t.login(account.email, account.password)).resolves.toEqual(expect.any(String));
  });

  it('when seeded, then each demo ADMIN has a second factor, its secret printed with the accounts', () => {
    const admins = result.accounts.filter((account) => account.role === 'ADMIN');
    expect(admins.length).toBeGreaterThan(0);
    const printed = describeDemoSeed(result).join('\n');
    for (const admin of admins) {
      expect(admin.secondFactorSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(printed).toContain(admin.secondFactorSecret);
    }
    expectEvery(result.accounts.filter((account) => account.role === 'USER'), (account) => account.secondFactorSecret === undefined);
  });

  it('when seeded, then there are two approved customers with logos', async () => {
    const token = await t.login(DEMO_ACCOUNTS[1].email, DEMO_ACCOUNTS[1].password);
    expect(result.customers).toHaveLength(2);
    for (const { id } of result.customers) {
      const { status, body } = await t.call('GET', `/customer/get/${id}`, { token });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'APPROVED', logoUrl: expect.any(String) });
      const logo = await fetch(`${t.url}/customer/logo/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(logo.headers.get('content-type')).toBe('image/png');
    }
  });

  it('when seeded, then the change orders are pending, approved and rejected, each with several children in several languages', async () => {
    const token = await t.login(DEMO_ACCOUNTS[2].email, DEMO_ACCOUNTS[2].password);
    const statuses = new Set<string>();
    const languages = new Set<string>();
    for (const order of result.changeOrders) {
      const { status, body } = await t.call('GET', `/document/get/${order.parentChangeId}`, { token });
      expect(status).toBe(200);
      expect(body.status).toBe(order.status);
      expect(body.children.length).toBeGreaterThanOrEqual(2);
      for (const child of body.children) for (const language of String(child.languageList).split(',')) languages.add(language);
      statuses.add(body.status);
    }
    expect([...statuses].sort()).toEqual(['APPROVED', 'REJECTED', 'REQUIRE_APPROVAL']);
    expect(languages.size).toBeGreaterThanOrEqual(5);
    const pending = await t.call('GET', '/document/getDocumentList?tab=pending&page=1&pageSize=50', { token });
    expect(pending.body.data.total).toBe(result.changeOrders.filter((c) => c.status === 'REQUIRE_APPROVAL').length);
  });

  it("when seeded, then every child's PDF has its text extracted (title, product, lot)", async () => {
    const { rows } = await t.database.db.query<{ text: string }>(
      `SELECT t.text FROM change_orders c, jsonb_array_elements(c.children) AS child, document_file_text t
        WHERE t.sha256 = child->'file'->>'sha256'`,
    );
    const children = result.changeOrders.reduce((n, c) => n + c.children, 0);
    expect(rows.length).toBe(children);
    for (const { text } of rows) expect(text).toMatch(/LOT-/);
    const all = rows.map((r) => r.text).join('\n');
    for (const phrase of ['Instructions for use', 'Gebrauchsanweisung', "Mode d'emploi", 'CardioFlow PTCA Balloon Catheter', 'LOT-24A117']) expect(all).toContain(phrase);
  });

  it('when seeded, then the first customer’s public page shows families in effect today and the three kinds of notice', async () => {
    const page = await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(result.customers[0]!.name)}`);
    expect(page.status).toBe(200);
    expect(page.body.products.map((p: { productFamilyName: string }) => p.productFamilyName)).toContain('CardioFlow PTCA Balloon Catheters');
    expect(page.body.globalNotification).toMatch(/updated on Sunday/);
    expect(page.body.customerNotification).toMatch(/printed leaflets/);
    const family = page.body.products.find((p: { productFamilyName: string }) => p.productFamilyName === 'CardioFlow PTCA Balloon Catheters');
    const one = await t.call('GET', `/module2/singleCustomerLogoURL/${encodeURIComponent(result.customers[0]!.name)}/${family.parentChangeId}`);
    expect(one.body.productNotification).toMatch(/check the lot number/);
  });

  it('when seeded, then every child has a GTIN and the approved ones resolve from their label: the open customer’s to the PDF, the other’s to the document page', async () => {
    const approved = result.changeOrders.filter((c) => c.status === 'APPROVED');
    expect(approved.length).toBeGreaterThan(0);
    const redirects = new Set<string>();
    // One session: an ADMIN's every login takes a second-factor code, each code once.
    const token = await t.login(DEMO_ACCOUNTS[0]!.email, DEMO_ACCOUNTS[0]!.password);
    for (const order of result.changeOrders) {
      const { body } = await t.call('GET', `/document/get/${order.parentChangeId}`, { token });
      for (const child of body.children as Array<{ gtin: string; labelUrl: string; documentNumber: string }>) {
        expect(child.gtin).toMatch(/^\d{14}$/);
        if (order.status !== 'APPROVED') continue;
        const scanned = await fetch(`${t.url}${new URL(child.labelUrl).pathname}`, { redirect: 'manual' });
        // A change order approved for a day still to come is not public yet: its label has nothing to show.
        if (DEMO_CHANGE_ORDERS.find((o) => o.family === order.family)!.effectiveInDays > 0) {
          expect(scanned.status, child.labelUrl).toBe(404);
          continue;
        }
        expect(scanned.status, child.labelUrl).toBe(307);
        const target = new URL(scanned.headers.get('location')!).pathname;
        expect(target.startsWith(`/p/${child.documentNumber}`), target).toBe(true);
        redirects.add(target.endsWith('/pdf') ? 'pdf' : 'page');
      }
    }
    expect([...redirects].sort()).toEqual(['page', 'pdf']);
  });

  it('when seeded a second time, then it refuses and adds nothing', async () => {
    const before = await t.store.readAll(0, 100_000);
    await expect(seedDemo({ context: t.api.context, url: t.url })).rejects.toBeInstanceOf(DemoDataRefused);
    expect((await t.store.readAll(0, 100_000)).length).toBe(before.length);
  });
});
