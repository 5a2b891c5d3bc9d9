import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CustomerDetails, type CustomerEvent, customerStreamId, type Signature, type StoredFile } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { customerListProjection } from '../src/customer-list/projection';
import { findApprovedCustomerByAnyName, findCustomerById, listApprovedCustomers } from '../src/customer-list/queries';
import { rebuild } from '../src/runner';
import { expectRebuildsEqual, freshLogPerTest, metadata, projectIncrementally } from './support';

const withMetadata = (event: CustomerEvent) => ({ type: event.type, data: event.data as unknown as Record<string, unknown>, metadata: metadata() });
const signature = (meaning: Signature['meaning']): Signature => ({ signerId: 'approver', name: 'A', email: 'a@x', signedAt: '2026-11-27T10:00:00.000Z', meaning });
const logo = (name: string): StoredFile => ({ sha256: name.padEnd(64, 'a'), contentType: 'image/png', size: 1 });

/**
 * `n` customers, each registered and approved, then a pending change: every third approved (renamed, new
 * website and logo), every third rejected, the rest still pending, replaced once by a later edit.
 */
async function appendHistory(store: PostgresEventStore, n: number) {
  for (let i = 0; i < n; i++) {
    const customerId = randomUUID();
    const details: CustomerDetails = {
      customerName: `Clinic ${i}`,
      contactEmail: `c${i}@x.example`,
      contactInformation: '15550102030',
      countryExclusionList: 'DE',
      customerWebsiteLink: `https://c${i}.example`,
      approverId: 'approver',
    };
    // Every other customer's change also chooses who reads without an emailed link.
    const proposed: CustomerDetails = { ...details, customerName: `Clinic ${i} Renamed`, customerWebsiteLink: `https://new-c${i}.example`, ...(i % 2 === 0 ? { visitorAccess: 'scanned-document' as const } : {}) };
    const base = { customerId, customerName: details.customerName };
    const events: CustomerEvent[] = [
      { type: 'CustomerRegistered', data: { ...base, ...details, logo: logo(`l${i}`), registeredBy: 'admin' } },
      { type: 'CustomerApproved', data: { ...base, approvedDate: '2026-11-27T10:00:00.000Z', changeDescription: '', signature: signature('approval') } },
      { type: 'CustomerChangeProposed', data: { ...base, proposed: { ...details, customerWebsiteLink: 'https://first.example' }, changed: ['customerWebsiteLink'], editedBy: 'admin' } },
    ];
    const later: CustomerEvent[] = [
      { type: 'CustomerChangeProposed', data: { ...base, proposed, logo: logo(`m${i}`), changed: ['customerName', 'customerWebsiteLink', 'customerLogo'], editedBy: 'admin' } },
    ];
    const changes = [
      { field: 'customerName' as const, from: details.customerName, to: proposed.customerName },
      { field: 'customerWebsiteLink' as const, from: details.customerWebsiteLink, to: proposed.customerWebsiteLink },
    ];
    if (i % 3 === 0) {
      later.push({
        type: 'CustomerChangeApproved',
        data: { ...base, customerName: proposed.customerName, details: proposed, logo: logo(`m${i}`), changes, approvedDate: '2026-11-28T10:00:00.000Z', changeDescription: '', signature: signature('approval') },
      });
    }
    if (i % 3 === 1) later.push({ type: 'CustomerChangeRejected', data: { ...base, changes, reason: `no ${i}`, changeDescription: '', signature: signature('rejection') } });
    // Two appends, so batches cut through streams.
    await store.append(customerStreamId(customerId), events.map(withMetadata), 0);
    await store.append(customerStreamId(customerId), later.map(withMetadata), events.length);
  }
}

const snapshot = async (db: Queryable) => (await db.query('SELECT * FROM customer_list ORDER BY id')).rows;

describe('the customer-list read model', () => {
  const log = freshLogPerTest();

  it('when rebuilt from the log, set-based or event by event, then it equals the one built incrementally (pending changes too)', async () => {
    const { test, store } = log;
    await projectIncrementally(test.db, store, customerListProjection, 4, () => appendHistory(store, 9));
    const incremental = await snapshot(test.db);
    expect(incremental).toHaveLength(9);
    expect(incremental.filter((row) => row.pending_change !== null)).toHaveLength(3);
    await expectRebuildsEqual(test.db, store, customerListProjection, snapshot, incremental, [1, 5, 1000]);
  });

  it('when a change is pending, then every read keeps the approved values; approved, the new ones; rejected, the approved ones and the reason', async () => {
    const { test, store } = log;
    await appendHistory(store, 3);
    await rebuild(test.db, store, customerListProjection, 100);
    const approved = await listApprovedCustomers(test.db);
    expect(approved.map((c) => [c.customerName, c.customerWebsiteLink, c.logo?.sha256.slice(0, 2)])).toEqual([
      ['Clinic 0 Renamed', 'https://new-c0.example', 'm0'],
      ['Clinic 1', 'https://c1.example', 'l1'],
      ['Clinic 2', 'https://c2.example', 'l2'],
    ]);
    // The rename approved: the old name still finds it.
    expect((await findApprovedCustomerByAnyName(test.db, 'clinic 0'))?.customerName).toBe('Clinic 0 Renamed');
    // The rename pending: only the approved name finds it.
    expect(await findApprovedCustomerByAnyName(test.db, 'Clinic 2 Renamed')).toBeUndefined();
    const pending = approved[2]!;
    expect(pending.pendingChange).toMatchObject({
      details: { customerName: 'Clinic 2 Renamed', customerWebsiteLink: 'https://new-c2.example' },
      logo: { sha256: expect.stringMatching(/^m2/) },
      changed: ['customerName', 'customerWebsiteLink', 'customerLogo'],
      proposedBy: 'admin',
    });
    const rejected = await findCustomerById(test.db, approved[1]!.id);
    expect(rejected).toMatchObject({ pendingChange: null, changeRejection: { reason: 'no 1', changes: [{ field: 'customerName' }, { field: 'customerWebsiteLink' }] } });
    expect(approved[0]).toMatchObject({ pendingChange: null, changeRejection: null, approvedDate: '2026-11-28T10:00:00.000Z', decision: { signature: { meaning: 'approval' } } });
  });
});
