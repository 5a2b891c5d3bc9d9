import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf, IDENTIFIER_MESSAGES, PRODUCT_IDENTIFIER_MESSAGES } from '@ifu/contracts';
import type { IdentifierHit } from '@ifu/contracts/public';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type ChildArrangement, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { apiSpec, unique } from '../../../test-support/specs';
import { sealSearchLink } from './search-link';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/** A GTIN-14 with a right check digit from 13 random digits (each test file its own devices). */
const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

/** The search by what is on the box, on a customer's page before a family is chosen (no link needed). */
describe('POST /module2/searchByIdentifier over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let approver: Signer;
  let author: Credentials;
  let customerName: string;
  let otherCustomerName: string;
  let customerId: string;
  let balloonFamily: string;
  const prefix = unique('CF').replace(/[^A-Za-z0-9]/g, '').slice(-8).toUpperCase();
  const part = (suffix: string) => `${prefix}-2520-${suffix}`;
  const balloon = newGtin();
  const stent = newGtin();

  const order = async (customerId: string, productName: string, children: ChildArrangement[], options: { decide?: boolean; isInternal?: boolean } = {}) => {
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName, isInternal: options.isInternal, children, waitForText: false });
    if (options.decide !== false) await arrangeDecision(t, { parentChangeId, approver, approve: true });
    return parentChangeId;
  };
  const search = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call('POST', '/module2/searchByIdentifier', { body: { customerName, ...body }, headers });
  const hits = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const answer = await search(body, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.list as IdentifierHit[];
  };

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    approver = { id: '', email: 'identifier.approver@example.com', password: 'identifier approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'identifier.author@example.com', password: 'identifier author password' };
    await t.createUser({ ...author, role: 'USER' });
    const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerName = unique('Box Clinic ');
    otherCustomerName = unique('Other Box Clinic ');
    const customer = await arrangeApprovedCustomer(t, registrar, approver, customerName);
    customerId = customer;
    const other = await arrangeApprovedCustomer(t, registrar, approver, otherCustomerName);
    balloonFamily = await order(customer, 'Coronary Balloon', [
      { lotNumber: 'LOT-24A117', partNumber: part('EN'), gtin: balloon, countryList: 'GB,IE,US,DE', languageList: 'en' },
      { lotNumber: 'LOT-24A118', partNumber: part('CH'), gtin: balloon, countryList: 'CH,AT,DE', languageList: 'de,fr,it', additionalLots: 'LOT-24A199' },
      { lotNumber: 'LOT-24A119', partNumber: part('FR'), gtin: balloon, countryList: 'FR,BE,LU,DE', languageList: 'fr' },
    ]);
    await order(customer, 'Coronary Stent', [
      { lotNumber: 'ST-1', partNumber: 'ST-9000', gtin: stent, countryList: 'DE', languageList: 'de' },
      // Sorts before ST-9000 by name and holds it: only the ranking puts the exact part number first.
      { lotNumber: 'ST-2', partNumber: 'AB-ST-9000', countryList: 'DE', languageList: 'de' },
    ]);
    // Not public: internal, and awaiting approval; and another customer's leaflet of the same part.
    await order(customer, 'Internal Balloon', [{ lotNumber: 'LOT-INT', partNumber: part('INT'), countryList: 'DE', languageList: 'de' }], { isInternal: true });
    await order(customer, 'Pending Balloon', [{ lotNumber: 'LOT-PEND', partNumber: part('PEND'), countryList: 'DE', languageList: 'de' }], { decide: false });
    await order(other, 'Coronary Balloon', [{ lotNumber: 'LOT-OTHER', partNumber: part('EN'), countryList: 'DE', languageList: 'en' }]);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('an exact part number finds its own leaflet only, first and marked exact, with its eIFU page', async () => {
    const list = await hits({ identifier: part('EN').toLowerCase(), country: 'DE' });
    expect(list.map((h) => h.partNumber)).toEqual([part('EN')]);
    expect(list[0]).toMatchObject({ exact: true, lot: 'LOT-24A117', gtin: balloon, productFamilyName: 'Coronary Balloon', languageList: 'en', version: 1 });
    expect(list[0]!.pageUrl).toBe(`${t.api.context.config.PUBLIC_CUSTOMER_URL}/p/${encodeURIComponent(list[0]!.documentNumber)}`);
  });

  it('a part of a number finds every public leaflet of this customer holding it, never internal, pending or another customer’s', async () => {
    const list = await hits({ identifier: `${prefix}-2520`, country: 'DE' });
    expect(list.map((h) => h.partNumber).sort()).toEqual([part('CH'), part('EN'), part('FR')]);
    expect(list.map((h) => h.exact)).toEqual([false, false, false]);
  });

  it('a GTIN (as 13 or 14 digits, or a GS1 element string with its lot) ranks its exact matches first', async () => {
    expect((await hits({ identifier: balloon, country: 'DE' })).map((h) => h.exact)).toEqual([true, true, true]);
    expect((await hits({ identifier: balloon.slice(1), country: 'DE' })).length).toBe(3);
    const scanned = await hits({ identifier: `(01)${balloon}(17)271231(10)LOT-24A118`, country: 'DE' });
    expect(scanned.map((h) => h.partNumber)).toEqual([part('CH')]);
    // GTIN and a fragment of another number: the exact GTIN ranks the three alike, the fragment narrows.
    expect((await hits({ identifier: `${balloon} 24A11`, country: 'DE' })).length).toBe(3);
  });

  it('a lot finds its leaflet, its further lots too; the exact part number ranks before a document number containing the code', async () => {
    expect((await hits({ identifier: 'lot-24a119', country: 'DE' })).map((h) => h.partNumber)).toEqual([part('FR')]);
    expect((await hits({ identifier: 'LOT-24A199', country: 'DE' })).map((h) => h.partNumber)).toEqual([part('CH')]);
    const list = await hits({ identifier: 'ST-9000', country: 'DE' });
    expect(list.map((h) => [h.partNumber, h.exact])).toEqual([
      ['ST-9000', true],
      ['AB-ST-9000', false],
    ]);
  });

  it('only the reader’s country when one is given; every country when none; the reader’s languages first', async () => {
    expect((await hits({ identifier: `${prefix}-2520`, country: 'FR' })).map((h) => h.partNumber)).toEqual([part('FR')]);
    expect((await hits({ identifier: `${prefix}-2520`, country: 'JP' })).length).toBe(0);
    expect((await search({ identifier: `${prefix}-2520`, country: 'JP' })).body.message).toBe('No Data Found');
    expect((await hits({ identifier: `${prefix}-2520`, readerLanguages: ['en-GB'] }))[0]!.partNumber).toBe(part('EN'));
    expect((await hits({ identifier: `${prefix}-2520`, readerLanguages: ['fr-CH'] })).map((h) => h.partNumber)).toEqual([part('CH'), part('FR'), part('EN')]);
    expect((await hits({ identifier: `${prefix}-2520` }, { 'accept-language': 'it' }))[0]!.partNumber).toBe(part('CH'));
  });

  it('refuses what cannot be a code, bounded before anything reads it, naming the field (400, nothing stored)', async () => {
    const wrong = `${balloon.slice(0, 13)}${(Number(balloon[13]) + 1) % 10}`;
    const cases: Array<[unknown, string]> = [
      [undefined, 'identifier is required'],
      ['   ', 'identifier is required'],
      ['x'.repeat(101), 'identifier must be at most 100 characters'],
      ['x'.repeat(5000), 'identifier must be at most 100 characters'],
      ['CF 2520 EN LOT 1', IDENTIFIER_MESSAGES.tooMany],
      ["CF' OR 1=1--", IDENTIFIER_MESSAGES.characters],
      ['CF%', IDENTIFIER_MESSAGES.characters],
      ['CF\u200b2520', IDENTIFIER_MESSAGES.characters],
      [wrong, PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit],
      [`(01)${wrong}`, PRODUCT_IDENTIFIER_MESSAGES.gtinCheckDigit],
      ['(01)123', PRODUCT_IDENTIFIER_MESSAGES.gtinDigits],
      ['(01', IDENTIFIER_MESSAGES.elementString],
      ['(17)271231', IDENTIFIER_MESSAGES.elementString],
    ];
    for (const [identifier, message] of cases) {
      const answer = await search({ identifier });
      expect(answer.status, String(identifier)).toBe(400);
      expect(String(answer.body.message), String(identifier)).toContain(message);
    }
    await spec.given().when(() => search({ identifier: part('EN'), country: 'XX' })).thenNothingStored(400, 'country is not a known code');
  });

  it('a customer that is not approved, or no customer, is not found (404)', async () => {
    const answer = await t.call('POST', '/module2/searchByIdentifier', { body: { customerName: 'No Such Clinic', identifier: part('EN') } });
    expect(answer.status).toBe(404);
    expect((await t.call('POST', '/module2/searchByIdentifier', { body: { identifier: part('EN') } })).body.message).toContain('customerName is required');
    // The other customer's leaflet of the same part is found on its own page only.
    const other = await t.call('POST', '/module2/searchByIdentifier', { body: { customerName: otherCustomerName, identifier: part('EN') } });
    expect((other.body.list as IdentifierHit[]).map((h) => h.lot)).toEqual(['LOT-OTHER']);
  });

  it('the emailed link’s search answers each document’s UDI-DI / GTIN too (an addition), what the results show', async () => {
    const token = sealSearchLink(t.api.context.secrets.linkSecret, { customerId, parentChangeId: balloonFamily }, 'reader@example.com', new Date(t.clock.now().getTime() + 86_400_000));
    const answer = await t.call('POST', '/module2/searchDocuments/', { body: { customerName, parentChangeId: balloonFamily, encryptedEmail: token, country: 'DE' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const list = answer.body.list as Array<{ productSubFamilyNameOne: string; gtin: string }>;
    expect(list.map((d) => [d.productSubFamilyNameOne, d.gtin]).sort()).toEqual([
      [part('CH'), balloon],
      [part('EN'), balloon],
      [part('FR'), balloon],
    ]);
  });
});
