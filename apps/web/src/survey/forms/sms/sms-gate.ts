/**
 * The SMS verification asked before a lead is sent on the routes that set it (spec §4 "Phone verification";
 * issue 13): the survey asks `verifyPhone` and waits; the modal (sms-verification-modal.tsx) answers. The
 * answer the survey gets is only whether to go on: the server, not the page, records an approved check and
 * sets sms_verified on the lead (routes/verification.ts, http/server-lead.ts).
 */
import { useSyncExternalStore } from 'react';

/** verified: the check was approved; unverified: no code could be sent, the visitor goes on (§8); cancelled: back to the form. */
export type SmsVerdict = 'verified' | 'unverified' | 'cancelled';

export interface SmsRequest {
  /** One per verification asked (a new one remounts the dialog). */
  id: number;
  /** Ten digits. */
  phone: string;
  answer: (verdict: SmsVerdict) => void;
}

let current: SmsRequest | null = null;
let asked = 0;
const listeners = new Set<() => void>();

function set(request: SmsRequest | null) {
  current = request;
  for (const listener of listeners) listener();
}

export function verifyPhone(phone: string): Promise<SmsVerdict> {
  current?.answer('cancelled');
  return new Promise((resolve) => {
    const request: SmsRequest = {
      id: ++asked,
      phone,
      answer: (verdict) => {
        if (current === request) set(null);
        resolve(verdict);
      },
    };
    set(request);
  });
}

export function useSmsRequest(): SmsRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
