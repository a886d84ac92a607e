/**
 * A stand-in law-firm buyer for development and tests (issue 14: `npm start` shows delivery working with
 * no outside service). It answers like a Lead Prosper direct post, `{status, code, message, lead_id}`:
 * ACCEPTED for a new lead, DUPLICATED for a phone or email it already bought, ERROR for a body with no
 * phone or email. It honours the Idempotency-Key header: a repeated key gets the first answer again and
 * is never counted as a second lead. A ping-post buyer may refuse at post (issue 32). State lives in memory,
 * per firm.
 */
import { randomUUID } from 'node:crypto';

export interface FakeBuyerAnswer {
  status: number;
  json: { status: 'ACCEPTED' | 'DUPLICATED' | 'ERROR'; code: number; message: string; lead_id?: string };
}

export interface FakeBuyer {
  answer(
    firm: string,
    request: {
      idempotencyKey: string | undefined;
      body: unknown;
      /** Issue 32: a ping-post buyer refusing at post (its URL's `refuse` share, fake-ping-buyer.ts). */
      refuse?: boolean;
    },
  ): FakeBuyerAnswer;
  /** Leads bought per firm (one per idempotency key). */
  leadsOf(firm: string): { idempotencyKey: string | undefined; body: unknown }[];
}

function contactOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([field, value]) =>
    (field === 'phone' || field === 'email') && typeof value === 'string' && value !== '' ? [`${field}:${value}`] : [],
  );
}

export function createFakeBuyer(): FakeBuyer {
  const firms = new Map<
    string,
    {
      byKey: Map<string, FakeBuyerAnswer>;
      contacts: Set<string>;
      leads: { idempotencyKey: string | undefined; body: unknown }[];
    }
  >();
  const firmState = (firm: string) => {
    let state = firms.get(firm);
    if (!state) {
      state = { byKey: new Map(), contacts: new Set(), leads: [] };
      firms.set(firm, state);
    }
    return state;
  };
  return {
    answer(firm, request) {
      const state = firmState(firm);
      const previous = request.idempotencyKey === undefined ? undefined : state.byKey.get(request.idempotencyKey);
      if (previous) return previous;
      const contacts = contactOf(request.body);
      let answer: FakeBuyerAnswer;
      if (request.refuse === true) {
        answer = { status: 200, json: { status: 'ERROR', code: 2, message: 'refused at post' } };
      } else if (contacts.length === 0) {
        answer = { status: 200, json: { status: 'ERROR', code: 1, message: 'phone or email is required' } };
      } else if (contacts.some((c) => state.contacts.has(c))) {
        answer = { status: 200, json: { status: 'DUPLICATED', code: 0, message: 'Duplicate lead' } };
      } else {
        for (const c of contacts) state.contacts.add(c);
        state.leads.push({ idempotencyKey: request.idempotencyKey, body: request.body });
        answer = { status: 200, json: { status: 'ACCEPTED', code: 0, message: '', lead_id: randomUUID() } };
      }
      if (request.idempotencyKey !== undefined) state.byKey.set(request.idempotencyKey, answer);
      return answer;
    },
    leadsOf: (firm) => [...(firms.get(firm)?.leads ?? [])],
  };
}
