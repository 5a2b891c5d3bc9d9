import { describe, it } from 'vitest';
import { EventStoreDbEventStore } from '../src/event-store/eventstoredb-event-store';
import { describeEventStoreContract } from './event-store-contract';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';

// Runs against a real server only, e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false
// No tamper hook: EventStoreDB events cannot be edited behind the store's back (the suite skips those tests itself).
const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = await EventStoreDbEventStore.connect(url, { chainKey: TEST_AUDIT_KEY });
    return { store, dispose: () => store.close() };
  });
} else {
  console.log('[eventstoredb] skipped: EVENTSTORE_URL is not set and no EventStoreDB server is reachable here');
  describe.skip('EventStore contract: EventStoreDB', () => {
    it('needs EVENTSTORE_URL', () => {});
  });
}
