/**
 * The claim loops' sleep (jobs/wake-signal.ts): a wake that comes while a loop is busy is not lost (the
 * auction runner's and the delivery worker's work written meanwhile waited a whole poll interval before).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWakeSignal } from '../../src/jobs/wake-signal';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether `promise` has settled after the pending microtasks. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('createWakeSignal', () => {
  it.each([
    { when: 'no wake: the sleep lasts its time', wakes: [], at: 1_000 },
    { when: 'a wake during the sleep ends it', wakes: ['during'], at: 0 },
    { when: 'a wake while busy (before the sleep) ends the next sleep at once', wakes: ['before'], at: 0 },
    { when: 'two wakes while busy end one sleep only', wakes: ['before', 'before'], at: 0 },
  ])('$when', async ({ wakes, at }) => {
    const signal = createWakeSignal();
    for (const w of wakes) if (w === 'before') signal.wake();
    const sleep = signal.sleep(1_000);
    if (wakes.includes('during')) signal.wake();
    if (at === 0) {
      expect(await settled(sleep)).toBe(true);
    } else {
      expect(await settled(sleep)).toBe(false);
      await vi.advanceTimersByTimeAsync(999);
      expect(await settled(sleep)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(sleep)).toBe(true);
    }
    // The wake was used: the next sleep lasts its time again.
    const next = signal.sleep(1_000);
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(next)).toBe(true);
  });
});
