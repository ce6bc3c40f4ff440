import { LlmError } from './errors';

/**
 * At most `max` model calls at once in this process; the others wait in order, for at most `waitMs`
 * (then they fail with `busy`), and stop waiting when their caller aborts. A small queue of our own:
 * the libraries that limit concurrency (p-limit, p-queue) have no bounded wait per caller.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(
    private readonly max: number,
    private readonly waitMs: number,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new LlmError('aborted'));
    if (this.running < this.max) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waitMs <= 0) return Promise.reject(new LlmError('busy'));
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          cleanup();
          this.running++;
          resolve(this.releaser());
        },
      };
      const leave = (error: LlmError) => {
        cleanup();
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(error);
      };
      const timer = setTimeout(() => leave(new LlmError('busy')), this.waitMs);
      const onAbort = () => leave(new LlmError('aborted'));
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.waiting.shift()?.grant();
    };
  }
}
