import { describe, expect, it } from 'vitest';
import { startPortalServer } from './portal-server';

/** Issue 19, finding 14: the portal servers of `npm start` listen on 127.0.0.1 unless given another interface. */
describe('the interface a portal server listens on', () => {
  it('when no host is given, then it listens on the loopback interface only', async () => {
    const portal = await startPortalServer({ portal: 'customer', port: 0, apiUrl: 'http://localhost:8080' });
    try {
      expect(portal.address).toBe('127.0.0.1');
    } finally {
      await portal.close();
    }
  });

  it('when a host is given (start.ts passes HOST), then it listens there', async () => {
    const portal = await startPortalServer({ portal: 'customer', port: 0, host: '127.0.0.2', apiUrl: 'http://localhost:8080' });
    try {
      expect(portal.address).toBe('127.0.0.2');
    } finally {
      await portal.close();
    }
  });
});
