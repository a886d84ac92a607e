/** Where the page keeps its pending progress snapshots (sessionStorage), known to the first chunk too. */
export const PENDING_PROGRESS_KEY = 'funnel:progress:pending';
