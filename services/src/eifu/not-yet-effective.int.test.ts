import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};
const DAY_MS = 24 * 60 * 60_000;

/**
 * The eIFU pages before a leaflet's day and where nothing is found: an approved leaflet not yet in effect says the day
 * it takes effect (a scan, its permalink), an Offline one is never named; every message page (400, 403, 404) leads to
 * the paper copy the footer promises, in the reader's language.
 */
describe('eIFU pages: not yet in effect, and the paper copy offered where nothing is found', () => {
  let t: TestApi;
  let approver: Signer;
  let author: Credentials;
  let customerId: string;
  const coming = newGtin();
  const offlineComing = newGtin();
  let documentNumber: string;
  let effectiveDay: string;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    t = await startTestApi();
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'upcoming.approver@example.com', password: 'upcoming approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'upcoming.author@example.com', password: 'upcoming author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Upcoming Clinic '));
    effectiveDay = new Date(t.clock.now().getTime() + 10 * DAY_MS).toISOString().slice(0, 10);
    const order = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Upcoming Pump', effectiveDate: effectiveDay, children: [{ lotNumber: 'UP-1', partNumber: 'PN-UP', gtin: coming, countryList: 'DE', languageList: 'de' }], waitForText: false });
    await arrangeDecision(t, { parentChangeId: order.parentChangeId, approver, approve: true });
    documentNumber = ((await t.call('GET', `/document/get/${order.parentChangeId}`, { token: admin })).body as { children: Array<{ documentNumber: string }> }).children[0]!.documentNumber;
    const hidden = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Hidden Pump', isInternal: true, effectiveDate: effectiveDay, children: [{ lotNumber: 'HP-1', partNumber: 'PN-HP', gtin: offlineComing }], waitForText: false });
    await arrangeDecision(t, { parentChangeId: hidden.parentChangeId, approver, approve: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('a scan of an approved leaflet before its day: 404 saying the day it takes effect, in the reader’s language, for people and machines', async () => {
    const english = await get(`/01/${coming}/10/UP-1`, { 'accept-language': 'en' });
    expect(english.status).toBe(404);
    const page = await english.text();
    expect(page).toContain('<h1>Not yet in effect</h1>');
    expect(page).toContain(`The instructions for use of GTIN ${coming} are approved and take effect on ${effectiveDay}.`);
    expect(page).not.toContain('No instructions');
    const german = await (await get(`/01/${coming}`, { 'accept-language': 'de' })).text();
    expect(german).toContain('Noch nicht in Kraft');
    expect(german).toContain(`treten am ${effectiveDay} in Kraft`);
    const machine = await get(`/01/${coming}`, { accept: 'application/json' });
    expect(await machine.json()).toEqual({ message: `Not yet in effect. The instructions for use of GTIN ${coming} are approved and take effect on ${effectiveDay}. They are published here from that day.` });
  });

  it('the permalink of an approved document before its day: 404 saying the day', async () => {
    const answer = await get(`/p/${documentNumber}?lang=fr`);
    expect(answer.status).toBe(404);
    const page = await answer.text();
    expect(page).toContain('Pas encore en vigueur');
    expect(page).toContain(`Le document ${documentNumber} est approuvé et entre en vigueur le ${effectiveDay}.`);
  });

  it('an Offline leaflet is never named: its GTIN has no instructions', async () => {
    const page = await (await get(`/01/${offlineComing}`, { 'accept-language': 'en' })).text();
    expect(page).toContain('No instructions for this product');
    expect(page).not.toContain('Not yet in effect');
  });

  it('every message page (404, 400) offers the paper copy the footer promises, in the reader’s language', async () => {
    const unknown = await get(`/01/${newGtin()}`, { 'accept-language': 'en' });
    expect(unknown.status).toBe(404);
    const page = await unknown.text();
    expect(page).toContain('A paper copy is sent free of charge within 7 days on request.');
    expect(page).toMatch(/<p data-paper-copy><a href="http:\/\/localhost:3001\/contactus">Request a paper copy<\/a> Free of charge, sent within 7 days/);
    const malformed = await get('/01/12345?lang=it');
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toMatch(/<a href="http:\/\/localhost:3001\/contactus\?lang=it">Richiedi una copia cartacea<\/a>/);
    const badNumber = await get('/p/not%20a%20number', { 'accept-language': 'es' });
    expect(badNumber.status).toBe(400);
    expect(await badNumber.text()).toContain('Solicitar una copia en papel');
  });

  // Last: it moves the server's clock.
  it('from its effective day the scan resolves to the leaflet', async () => {
    t.clock.advance(11 * DAY_MS);
    const answer = await get(`/01/${coming}/10/UP-1`, { 'accept-language': 'de' });
    expect(answer.status).toBe(307);
    expect(new URL(answer.headers.get('location')!).pathname).toBe(`/p/${documentNumber}`);
  });
});
