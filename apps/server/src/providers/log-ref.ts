/**
 * A short reference to a phone number or an email address for log lines, so two lines about the same
 * visitor can be matched without the logs holding PII. A plain SHA-256 of a US phone number is
 * reversible by trying all 10^10 numbers, so the hash is keyed with a random secret made at start and
 * never stored: references match within one server process and mean nothing outside it.
 */
import { createHmac, randomBytes } from 'node:crypto';

const processKey = randomBytes(32);

export function logRef(value: string): string {
  return createHmac('sha256', processKey).update(value).digest('hex').slice(0, 12);
}
