import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductShape, type SeededProduct, seedProduct, startProductShape, steadyLoad } from '../../../test-support/product-shape';
import { skipUnless } from '../../../test-support/machine-needs';


/**
 * Graceful shutdown: on SIGTERM an instance stops accepting, finishes what it has and exits; nginx
 * sends what the stopped instance refused to the other one. Restarting both, one after the other, under a steady
 * load of logins, searches, uploads and signed approvals loses no request. (bench/production.ts counts a longer run.)
 */
describe.skipIf(skipUnless(['postgres-server', 'nginx']))('a rolling restart of two API instances behind nginx', () => {
  let shape: ProductShape;
  let seeded: SeededProduct;

  beforeAll(async () => {
    shape = await startProductShape({ instances: 2, env: { LOG_LEVEL: 'info' } });
    seeded = await seedProduct(shape);
  });

  afterAll(async () => {
    await shape?.stop();
  });

  it('when each instance in turn gets SIGTERM and is started again under load, then every request is answered and each exits 0', async () => {
    let stopLoad!: () => void;
    const loadStopped = new Promise<void>((resolve) => (stopLoad = resolve));
    const load = steadyLoad(shape, seeded, { clients: 3, stop: loadStopped });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const restarts = [];
    for (const index of [0, 1]) restarts.push(await shape.restart(index));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stopLoad();
    const counts = await load;
    expect(restarts.map((r) => r.exitCode), restarts.map((r) => r.output).join('\n----\n')).toEqual([0, 0]);
    expect(counts.failures, shape.nginx.errors().slice(-3000)).toEqual([]);
    expect(counts.failed).toBe(0);
    // The load really ran through the restarts: every kind of operation completed.
    for (const operation of ['login', 'internal search', 'public search', 'upload', 'approval']) expect(counts.operations[operation], operation).toBeGreaterThan(0);
    expect(counts.sent).toBeGreaterThan(50);
  });
});
