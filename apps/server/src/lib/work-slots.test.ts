import { describe, expect, it } from 'vitest';
import { WorkSlots } from './work-slots.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('WorkSlots', () => {
  it('runs at most `size` tasks at once, the others in arrival order', async () => {
    const slots = new WorkSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) =>
      slots.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        return i * 10;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the slot back when a task fails, and a second release changes nothing', async () => {
    const slots = new WorkSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const release = await slots.acquire();
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    const waiter = slots.acquire();
    expect(slots.load).toEqual({ running: 1, waiting: 1 });
    release();
    release();
    const second = await waiter;
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    second();
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
