import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeStartFailure } from './start-failure';

describe('what npm start says when it cannot start', () => {
  it('given a port another program holds, then it names the port and the settings that move it', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
    const { port } = holder.address() as AddressInfo;
    const second = createServer();
    const error = await new Promise<unknown>((resolve) => second.once('error', resolve).listen(port, '127.0.0.1'));
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    expect(describeStartFailure(error)).toBe(
      `Port ${port} on 127.0.0.1 is in use by another program (is IFU Portal already running?). ` +
        'Stop it, or choose other ports with API_PORT, ADMIN_PORTAL_PORT and CUSTOMER_PORTAL_PORT (README, "Configuration").',
    );
  });

  it('given any other error, then the error itself is printed', () => {
    const error = new Error('AUDIT_KEY is required in production');
    expect(describeStartFailure(error)).toBe(error);
  });
});
