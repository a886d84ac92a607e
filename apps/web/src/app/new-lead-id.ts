/**
 * A new visitor's lead id (a random UUID, version 4: RFC 9562 §5.4), which the lead and its snapshots
 * carry (`z.uuid()` in packages/funnel). `crypto.randomUUID` is offered only in a secure context (HTTPS or
 * localhost); `crypto.getRandomValues` everywhere, so a page served over plain HTTP (a brand host before its
 * certificate, a preview) still starts a survey instead of never going live.
 */
export function newLeadId(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // the RFC's variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
