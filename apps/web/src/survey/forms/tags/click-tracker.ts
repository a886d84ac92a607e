/**
 * The click tracker (spec §7 "A click-tracking script registers a click with offer, affiliate, sub1 to sub5,
 * uid, source_id and transaction id, then writes _ef_transaction_id into the address query"; §9 polled every
 * 5 ms; issue 13). Configured by CLICK_TRACKER_SCRIPT_URL: once its script is in, the page registers the click
 * with the script's `EF.click` (the domain's `trackerClick`) and writes the transaction id it answers into the
 * address; the address is polled, so a tracker that writes it there itself is read the same way. The value
 * becomes the lead's ef_transaction_id (and the thank-you URL's). Not configured: the URL's own, if any.
 */
import { TAG_VALUE_POLL_MS, TRANSACTION_ID_PARAM, trackerClick, transactionIdOf, type Tracking } from '@app/funnel';
import { loadScript, pageGlobal, poll, tagElementId } from './tag-script';

let transactionId = '';
let started = false;

/**
 * The click as the address has it now: the landing query, plus the transaction id a tracker wrote there
 * before a reload (passed back, so the tracker keeps that click instead of registering a new one).
 */
function registerClick(tracking: Tracking): void {
  const ef = pageGlobal('EF');
  const click: unknown = typeof ef === 'object' && ef !== null ? Reflect.get(ef, 'click') : undefined;
  if (typeof click !== 'function') return;
  void Promise.resolve(Reflect.apply(click, ef, [trackerClick(window.location.search, tracking)]))
    .then((answer: unknown) => {
      if (typeof answer !== 'string' || answer.trim() === '') return;
      const url = new URL(window.location.href);
      url.searchParams.set(TRANSACTION_ID_PARAM, answer.trim());
      // The step history's entry stays the same entry: only its address gains the parameter.
      window.history.replaceState(window.history.state, '', url);
    })
    .catch(() => undefined);
}

export function startClickTracker(script: string | null, tracking: Tracking): void {
  if (started || !script) return;
  started = true;
  loadScript(script, tagElementId('clickTracker'), () => registerClick(tracking));
  poll(TAG_VALUE_POLL_MS, () => {
    transactionId = transactionIdOf(window.location.search);
    return transactionId !== '';
  });
}

/** The tracker's transaction id once the address carries it; '' until then (or when not configured). */
export function trackerTransactionId(): string {
  return transactionId;
}
