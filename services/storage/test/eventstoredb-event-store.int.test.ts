import { afterAll, describe } from 'vitest';
import { EventStoreDbEventStore } from '../src/event-store/eventstoredb-event-store';
import { describeEventStoreContract } from './event-store-contract';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { skipUnless } from '../../../test-support/machine-needs';
import { contractServerFor, EVENTSTOREDB_IMAGE, startEventStoreContainer } from '../../../test-support/contract-servers';

// Runs against a real server only: one started through testcontainers where a Docker engine is reachable, else
// EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false), else skipped with the reason printed.
// No tamper hook: EventStoreDB events cannot be edited behind the store's back (the suite skips those tests itself).
const choice = await contractServerFor('EVENTSTORE_URL');
const container = choice.via === 'testcontainers' ? await startEventStoreContainer() : undefined;
const url = container?.url ?? (choice.via === 'configured' ? choice.url : undefined);

const GROUP = 'EventStore contract: EventStoreDB';
const noServer = skipUnless(['eventstoredb'], GROUP, { available: { eventstoredb: url !== undefined } });
if (url) console.log(`[eventstoredb] contract suite on ${container ? `${EVENTSTOREDB_IMAGE} through testcontainers` : 'EVENTSTORE_URL'}`);
afterAll(() => container?.stop());
// Without a server the contract's own tests are collected and reported as skipped, each under its name.
describe.skipIf(noServer || !url)('EventStoreDB server', () => {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = await EventStoreDbEventStore.connect(url!, { chainKey: TEST_AUDIT_KEY });
    return { store, dispose: () => store.close() };
  });
});
