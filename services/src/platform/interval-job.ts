import type { BackgroundWork } from './background-work';

export interface IntervalJobOptions {
  /** Names the job in the log line of a run that failed. */
  label: string;
  everyMs: number;
  /** One run of the job; a failure is logged and the next run comes as usual. */
  tick: () => Promise<void>;
}

export interface IntervalJob {
  /** No run starts after this; resolves once the run under way, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` at once and then every `everyMs`, one run at a time in this process: a run still going when the next is
 * due (a slow mail server, a long backlog) is not joined by a second one, which would send the same mails twice; the
 * due run is skipped and the next interval tries again. Runs go through `work`, so the API's shutdown and the tests
 * that wait for background work wait for them too, and their failures are logged there. The timer does not keep the
 * process alive.
 */
export function startIntervalJob(work: BackgroundWork, { label, everyMs, tick }: IntervalJobOptions): IntervalJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runUnlessRunning = () => {
    if (stopped || running) return;
    running = new Promise<void>((finished) =>
      work.defer(label, async () => {
        try {
          await tick();
        } finally {
          running = undefined;
          finished();
        }
      }),
    );
  };
  runUnlessRunning();
  const timer = setInterval(runUnlessRunning, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
