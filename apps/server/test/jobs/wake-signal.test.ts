/**
 * The claim loops' sleep (jobs/wake-signal.ts): a wake that comes while a loop is busy is not lost (the
 * auction runner's and the delivery worker's work written meanwhile waited a whole poll interval before).
 * A freed slot turns the loop without a look unless its last look was full (issue 32: empty claims).
 * Real timers (vitest.config.ts: no test file fakes the clock); a long sleep ended by a wake shows at once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createWakeSignal } from '../../src/jobs/wake-signal';

const LONG = 60_000;

/** Whether `promise` has settled once the event loop has turned. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await nextTurn();
  return done;
}

describe('createWakeSignal', () => {
  it.each([
    { when: 'a wake during the sleep ends it', before: 0, during: 1, ends: true },
    { when: 'a wake while busy (before the sleep) ends the next sleep at once', before: 1, during: 0, ends: true },
    { when: 'two wakes while busy end one sleep only', before: 2, during: 0, ends: true },
    { when: 'no wake: the sleep goes on', before: 0, during: 0, ends: false },
  ])('$when', async ({ before, during, ends }) => {
    const signal = createWakeSignal();
    for (let i = 0; i < before; i++) signal.wake();
    const sleep = signal.sleep(LONG);
    for (let i = 0; i < during; i++) signal.wake();
    expect(await settled(sleep)).toBe(ends);
    if (!ends) signal.wake();
    await sleep;
    // The wake was used: the next sleep goes on until woken.
    const next = signal.sleep(LONG);
    expect(await settled(next)).toBe(false);
    signal.wake();
    expect(await settled(next)).toBe(true);
  });

  it('a freed slot turns the loop like a wake, without a look unless the last look was full', async () => {
    const signal = createWakeSignal();
    expect(signal.shouldLook()).toBe(true); // a new loop looks first
    signal.looked(3, 10);
    expect(signal.shouldLook()).toBe(false);
    const sleep = signal.sleep(LONG);
    signal.freed();
    expect(await settled(sleep)).toBe(true);
    expect(signal.shouldLook()).toBe(false);
    // A freed slot while busy also ends the next sleep at once.
    signal.freed();
    expect(await settled(signal.sleep(LONG))).toBe(true);
    expect(signal.shouldLook()).toBe(false);
    // A full look: more may be waiting.
    signal.looked(10, 10);
    expect(signal.shouldLook()).toBe(true);
    signal.looked(0, 10);
    // Work written: look.
    signal.wake();
    expect(signal.shouldLook()).toBe(true);
  });

  it('a sleep that runs its whole time makes the next turn look', async () => {
    const signal = createWakeSignal();
    signal.looked(0, 10);
    await signal.sleep(10);
    expect(signal.shouldLook()).toBe(true);
  });

  it('a sleep nobody wakes ends after its time', async () => {
    const started = performance.now();
    await createWakeSignal().sleep(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
  });
});
