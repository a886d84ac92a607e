/**
 * The sleep of a claim loop (the delivery worker's, the auction runner's) between two turns, and whether its
 * next turn should look for work (a claim is a statement or three on the database).
 * - `wake()`: work was written (look now). A wake that comes while the loop is busy (claiming, not yet
 *   asleep) is kept, so the next `sleep` returns at once: work written meanwhile does not wait a poll.
 * - `freed()`: a slot of the loop's came free. The loop turns, but looks again only when its last look may
 *   have left work behind (it found as much as it could take); work handed over directly (the intake's
 *   auction, a decision's post) needs no look. Issue 32: on PostgreSQL these empty looks, one per finished
 *   auction and delivery, were a sixth of the statements of an auctioned lead.
 * - a sleep that runs its whole time: the loop looks (a retry come due, a lease run out, another process's
 *   work not announced here).
 */
export interface WakeSignal {
  sleep(ms: number): Promise<void>;
  wake(): void;
  freed(): void;
  /** Whether the next turn looks for work. */
  shouldLook(): boolean;
  /** After a look: it found `found` of the `limit` it could take; none left to find unless it was full. */
  looked(found: number, limit: number): void;
}

export function createWakeSignal(): WakeSignal {
  let pending = false;
  let look = true;
  let wakeSleeper: (() => void) | undefined;
  const turn = () => {
    if (wakeSleeper) wakeSleeper();
    else pending = true;
  };
  return {
    sleep(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          look = true;
          done();
        }, ms);
        function done() {
          clearTimeout(timer);
          wakeSleeper = undefined;
          resolve();
        }
        wakeSleeper = done;
      });
    },
    wake() {
      look = true;
      turn();
    },
    freed: turn,
    shouldLook: () => look,
    looked(found, limit) {
      look = found >= limit;
    },
  };
}
