import { createServer } from 'node:net';

/** A port free right now, for servers that must know each other's address before they start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const PORT_TRIES = 5;

/**
 * Starts servers on ports picked by `freePort`, picking again when one was taken meanwhile. A free port is free only
 * until someone binds it: another test worker's `freePort`, or any outgoing connection, whose local port the kernel
 * draws from the same range, may take it in the seconds before the server listens (an embedded database opens first).
 * `start` must release what it started before it throws.
 */
export async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    while (ports.length < count) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    try {
      return await start(ports);
    } catch (error) {
      if (attempt >= PORT_TRIES || !isAddressInUse(error)) throw error;
    }
  }
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}
