/**
 * The call-tracking number (spec §3 "Phone number state: call-tracking number and its formatted form;
 * default is a toll-free US number"; §9 polled every 5 ms; issue 13). Configured by CALL_TRACKING_SCRIPT_URL:
 * the script sets `window.callTrackingNumber`; once it reads as a US number (the domain's
 * `callTrackingDigits`) the page's call button shows it. Not configured or never set: the brand's number.
 */
import { callTrackingDigits, TAG_VALUE_POLL_MS } from '@app/funnel';
import { loadScript, pageGlobal, poll, tagElementId } from './tag-script';

/** The global the call-tracking script writes its number to (README, CALL_TRACKING_SCRIPT_URL). */
const NUMBER_GLOBAL = 'callTrackingNumber';
let started = false;

export function startCallTracking(script: string | null, onNumber: (digits: string) => void): void {
  if (started || !script) return;
  started = true;
  loadScript(script, tagElementId('callTracking'));
  poll(TAG_VALUE_POLL_MS, () => {
    const digits = callTrackingDigits(pageGlobal(NUMBER_GLOBAL));
    if (digits !== null) onNumber(digits);
    return digits !== null;
  });
}
