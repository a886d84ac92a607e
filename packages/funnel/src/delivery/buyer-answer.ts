/**
 * What a buyer's answer means (issue 14: "how to read accept / reject / duplicate from the answer").
 * Accepted, duplicate and rejected end the delivery; a failure is retried. Anything we cannot read
 * for certain is a failure, never a sale: the retry carries the same idempotency key, so a buyer that
 * did take the lead answers the same again.
 */
import type { AnswerRule } from './buyer-config';
import { xmlField } from './xml-field';

export type DeliveryFailure = 'timeout' | 'network' | 'http-status' | 'bad-answer' | 'config';

export type DeliveryOutcome =
  | { kind: 'accepted' | 'duplicate' | 'rejected'; message: string }
  | { kind: 'failed'; failure: DeliveryFailure; message: string };

export interface BuyerAnswer {
  status: number;
  /** The parsed JSON body, undefined when it was not JSON. */
  json: unknown;
  /** The body as text (an XML answer is read from it); absent: only the JSON is read. */
  text?: string;
}

/** Statuses that say "not now" rather than "no": request time-out, too many requests, server errors. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500 || status < 200;
}

/** A value at a dot path of a JSON answer ("status", "result.code"), as text. */
export function answerField(json: unknown, path: string): string | undefined {
  let value: unknown = json;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = Object.getOwnPropertyDescriptor(value, key)?.value;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

function oneOf(list: readonly string[], value: string): boolean {
  const wanted = value.trim().toUpperCase();
  return list.some((item) => item.toUpperCase() === wanted);
}

export function readBuyerAnswer(rule: AnswerRule, answer: BuyerAnswer): DeliveryOutcome {
  const { status } = answer;
  if (isTransientStatus(status)) return { kind: 'failed', failure: 'http-status', message: `HTTP ${status}` };
  const ok = status >= 200 && status < 300;
  if (status >= 300 && status < 400) return { kind: 'failed', failure: 'http-status', message: `HTTP ${status}` };

  if (rule.kind === 'http-status') {
    if (ok) return { kind: 'accepted', message: '' };
    return status === 409
      ? { kind: 'duplicate', message: `HTTP ${status}` }
      : { kind: 'rejected', message: `HTTP ${status}` };
  }

  const read = (path: string) =>
    rule.kind === 'xml-field' ? xmlField(answer.text, path) : answerField(answer.json, path);
  const value = read(rule.field);
  const message = (rule.messageField && read(rule.messageField)) ?? '';
  if (value !== undefined) {
    if (oneOf(rule.accepted, value)) return { kind: 'accepted', message };
    if (oneOf(rule.duplicate, value)) return { kind: 'duplicate', message };
    if (oneOf(rule.rejected, value)) return { kind: 'rejected', message };
  }
  if (!ok) return { kind: status === 409 ? 'duplicate' : 'rejected', message: message || `HTTP ${status}` };
  const seen = value === undefined ? `no ${rule.field}` : `${rule.field} ${value}`;
  return { kind: 'failed', failure: 'bad-answer', message: `unreadable answer (${seen})` };
}
