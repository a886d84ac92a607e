/**
 * The sleep of a claim loop (the delivery worker's, the auction runner's) between two turns: up to `ms`,
 * or until `wake()`. A wake that comes while the loop is busy (claiming, not yet asleep) is kept, so the
 * next `sleep` returns at once: work written in the meantime is not left for a whole poll interval.
 */
export interface WakeSignal {
  sleep(ms: number): Promise<void>;
  wake(): void;
}

export function createWakeSignal(): WakeSignal {
  let pending = false;
  let wakeSleeper: (() => void) | undefined;
  return {
    sleep(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeSleeper = undefined;
          resolve();
        }
        wakeSleeper = done;
      });
    },
    wake() {
      if (wakeSleeper) wakeSleeper();
      else pending = true;
    },
  };
}
