import os from 'node:os';

/** A counting semaphore: at most `size` tasks run at once; the others wait their turn, first come first served. */
export class WorkSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Tasks running now and waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.size - this.free, waiting: this.waiting.length };
  }

  /** Waits for a slot and answers the function that gives it back (calling it again does nothing). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }

  /** Runs `task` in a slot. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/**
 * Large documents (streamed PDF reports) laid out at once. Layout is CPU-bound, so running more
 * of them than there are cores adds no throughput, only memory: each full inventory report holds
 * about 11 MB of heap while it is laid out, and ten at once took the server from 190 to 298 MB.
 */
export const documentSlots = new WorkSlots(Math.max(2, os.availableParallelism()));
