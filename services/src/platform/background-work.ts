import type { Logger } from './logger';

/**
 * Work a request starts but does not wait for: its answer then takes the same time whatever the work finds (no
 * timing side channel). Failures are logged; shutdown and tests wait until everything started has finished.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  defer(label: string, work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch((err: unknown) => this.logger.error({ err, work: label }, 'background work failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once all work started so far (and any it started) has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
