import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { formatAuditDate } from './audit-dates';
import { expectEvery } from '../../../test-support/list-expectations';

/** A small RFC 4180 reader, enough to check what the report wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('GET /user/create/report (audit CSV from the event log)', () => {
  let t: TestApi;
  let admin: string;
  let today: string;
  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    today = formatAuditDate(t.clock.now());
    await t.call('POST', '/user/add', { token: admin, body: { email: 'sheet@example.com', firstName: '=HYPERLINK("x")', lastName: 'Smith, "Jr"', isTrainingCompleted: true } });
    await t.call('POST', '/user/get/token', { body: { username: ADMIN_EMAIL, password: 'wrong password here' } });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const report = async (query: string) => {
    const response = await fetch(`${t.url}/user/create/report?${query}`, { headers: { authorization: `Bearer ${admin}` } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  it("when an ADMIN downloads today's report, then every event of today is a row with the actor, the action in words and the hash", async () => {
    const res = await report(`from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="audit-report_${today}_${today}.csv"`);
    const [header, ...rows] = parseCsv(res.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Time (UTC)', 'Actor Name', 'Actor Email', 'Action', 'Subject Type', 'Subject ID', 'Subject Name',
      'Signature Meaning', 'Reason or Comments', 'IP Address', 'Event Type', 'Event Position', 'Event Hash',
    ]);
    const events = await t.store.readAll(0, 10_000);
    // Every event so far is from today, including this download itself.
    expect(rows.map((r) => Number(r[11]))).toEqual(events.map((e) => e.position));
    const byType = (type: string) => rows.filter((r) => r[10] === type).at(-1)!;
    expect(byType('UserRegistered').slice(1, 5)).toEqual(['System Administrator', ADMIN_EMAIL, 'Added user (USER); training recorded as completed by System Administrator', 'user']);
    expect(byType('LoginFailed')[3]).toBe('Login refused (wrong-password)');
    expect(byType('LoginFailed')[6]).toBe('System Administrator');
    expect(byType('AuditReportDownloaded')[3]).toBe(`Downloaded the audit report ${today} to ${today}`);
    expectEvery(rows, (r) => /^[0-9a-f]{64}$/.test(r[12]!) && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(r[0]!));
  });

  it('when a name starts with = or holds commas and quotes, then the cell is neutralized and quoted', async () => {
    const res = await report(`from=${today}&to=${today}`);
    expect(res.text).toContain(`"'=HYPERLINK(""x"") Smith, ""Jr"""`);
  });

  it('when filtered by email, then only that actor’s events come', async () => {
    const res = await report(`from=${today}&to=${today}&email=sheet@example.com`);
    expect(parseCsv(res.text)).toHaveLength(1);
    const mine = parseCsv((await report(`from=${today}&to=${today}&email=${ADMIN_EMAIL.toUpperCase()}`)).text).slice(1);
    expect(mine.length).toBeGreaterThan(0);
    expectEvery(mine, (r) => r[2] === ADMIN_EMAIL);
  });

  it('when the range ends before today, then today’s events are not in it', async () => {
    const yesterday = formatAuditDate(new Date(t.clock.now().getTime() - 86_400_000));
    expect(parseCsv((await report(`from=${yesterday}&to=${yesterday}`)).text)).toHaveLength(1);
  });

  it('when the download happens, then it is itself recorded with its range', async () => {
    for (let i = 0; i < 4; i++) expect((await report(`from=${today}&to=${today}`)).status).toBe(200);
    const downloads = (await t.store.readAll(0, 10_000)).filter((e) => e.type === 'AuditReportDownloaded');
    expect(downloads.length).toBeGreaterThanOrEqual(4);
    expect(downloads.at(-1)!.metadata.actor).toMatchObject({ email: ADMIN_EMAIL });
    expect(downloads.at(-1)!.data).toMatchObject({ from: today, to: today, email: null });
  });

  const bad: Array<[string, string]> = [
    ['to=21-Nov-2026', 'from is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
    ['from=21-Nov-2026', 'to is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
    ['from=2026-11-21&to=21-Nov-2026', 'from must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
    ['from=21-Nov-2026&to=31-Feb-2026', 'to must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
    ['from=22-Nov-2026&to=21-Nov-2026', 'Date Start must be on or before Date End'],
    ['from=21-Nov-2026&to=21-Nov-2026&email=nope', 'email: Please enter valid email address.'],
  ];
  it('a reversed range names the field as the dialog shows it, next to Date Start', async () => {
    const res = await report('from=22-Nov-2026&to=21-Nov-2026');
    expect(JSON.parse(res.text)).toEqual({
      message: 'Date Start must be on or before Date End',
      code: 'invalid-request',
      fields: [{ field: 'from', message: 'Date Start must be on or before Date End' }],
    });
  });

  for (const [query, message] of bad) {
    it(`when the query is ${query}, then 400 '${message}' and no download is recorded`, async () => {
      const before = await t.store.lastPosition();
      const res = await report(query);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ message, code: 'invalid-request' });
      expect(await t.store.lastPosition()).toBe(before);
    });
  }
});
