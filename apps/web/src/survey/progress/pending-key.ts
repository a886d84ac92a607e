/** Where the page keeps its pending progress snapshots (sessionStorage), known to the first chunk too. */
export const PENDING_PROGRESS_KEY = 'funnel:progress:pending';

/** Whether this tab holds snapshots the server has not acknowledged yet (read without the outbox's chunk). */
export function hasPendingProgress(storage: Storage): boolean {
  try {
    return storage.getItem(PENDING_PROGRESS_KEY) !== null;
  } catch {
    return false;
  }
}
