/**
 * Where the lead outbox keeps the leads a server could not take yet (localStorage, issue 9), known to the
 * first chunk too: a page loads the outbox's flush (its own chunk, with zod and the API client) only when a
 * lead is kept. Issue 10: a new visitor's page fetched that chunk when idle after it went live, so a first
 * answer given a little late counted it among the JavaScript before the first answer.
 */
export const LEAD_OUTBOX_KEY = 'funnel:lead-outbox';

/** Whether this browser keeps a lead to post again (read without the outbox's chunk); false without storage. */
export function hasKeptLeads(storage: () => Storage): boolean {
  try {
    return storage().getItem(LEAD_OUTBOX_KEY) !== null;
  } catch {
    return false;
  }
}
