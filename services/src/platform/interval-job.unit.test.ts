import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundWork } from './background-work';
import { startIntervalJob } from './interval-job';
import type { Logger } from './logger';

/** A run of the job that lasts until the test ends it. */
function heldRuns() {
  const releases: Array<() => void> = [];
  const tick = vi.fn(() => new Promise<void>((release) => releases.push(release)));
  return { tick, releaseCurrent: () => releases.shift()!() };
}

describe('interval job', () => {
  const logged = vi.fn();
  const logger = { error: logged } as unknown as Logger;
  let work: BackgroundWork;

  beforeEach(() => {
    vi.useFakeTimers();
    logged.mockReset();
    work = new BackgroundWork(logger);
  });
  afterEach(() => vi.useRealTimers());

  it('when started, then it runs at once and again every interval', async () => {
    const tick = vi.fn(async () => {});
    const job = startIntervalJob(work, { label: 'reminders', everyMs: 1000, tick });
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tick).toHaveBeenCalledTimes(5);
    await job.stop();
  });

  it('when a run is still going at the next interval, then no second run starts until it has finished', async () => {
    const { tick, releaseCurrent } = heldRuns();
    const job = startIntervalJob(work, { label: 'reminders', everyMs: 1000, tick });
    await vi.advanceTimersByTimeAsync(5000);
    expect(tick).toHaveBeenCalledTimes(1);
    releaseCurrent();
    await vi.advanceTimersByTimeAsync(0);
    // The intervals that came during the run were skipped, not queued: the next run comes at the next interval.
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tick).toHaveBeenCalledTimes(2);
    releaseCurrent();
    await job.stop();
  });

  it('when stopped during a run, then stop waits for that run, and no run starts after it', async () => {
    const { tick, releaseCurrent } = heldRuns();
    const job = startIntervalJob(work, { label: 'reminders', everyMs: 1000, tick });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    releaseCurrent();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('when a run fails, then the failure is logged with the job’s label, not thrown, and the next interval runs again', async () => {
    const tick = vi.fn(async () => {
      throw new Error('mail server down');
    });
    const job = startIntervalJob(work, { label: 'reminders', everyMs: 1000, tick });
    await work.settled();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'mail server down' }), work: 'reminders' }, 'background work failed');
    await vi.advanceTimersByTimeAsync(1000);
    await work.settled();
    expect(tick).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledTimes(2);
    await expect(job.stop()).resolves.toBeUndefined();
  });

  it('when stopped with no run under way, then it resolves at once and runs nothing more', async () => {
    const tick = vi.fn(async () => {});
    const job = startIntervalJob(work, { label: 'reminders', everyMs: 1000, tick });
    await vi.advanceTimersByTimeAsync(0);
    await job.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(1);
  });
});
