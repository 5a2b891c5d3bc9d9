import { describe, expect, it } from 'vitest';
import { onFreePorts } from './free-port';

const taken = () => Object.assign(new Error('listen EADDRINUSE: address already in use'), { code: 'EADDRINUSE' });

describe('onFreePorts', () => {
  it('given a start that finds a port taken, then it picks the ports again and starts on the new ones', async () => {
    const tried: number[][] = [];
    const result = await onFreePorts(3, async (ports) => {
      tried.push(ports);
      if (tried.length === 1) throw taken();
      return ports;
    });
    expect(tried).toHaveLength(2);
    expect(result).toBe(tried[1]);
    expect(new Set(result).size).toBe(3);
  });

  it('given another error, then it is thrown at once', async () => {
    let calls = 0;
    const refused = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    await expect(
      onFreePorts(1, async () => {
        calls++;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('given ports taken every time, then it gives up after five tries with the last error', async () => {
    let calls = 0;
    await expect(
      onFreePorts(1, async () => {
        calls++;
        throw taken();
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(calls).toBe(5);
  });
});
