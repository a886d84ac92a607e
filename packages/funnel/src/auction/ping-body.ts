/**
 * The body of a ping, field by field (issue 32 "Ping"): each body field is one of the anonymized ping
 * fields (ping-lead.ts), optionally in lower or upper case (a buyer that wants `yes` where the lead says
 * `Yes`), or a constant. Nothing else can be named: a ping can carry no name, email, phone, street, IP or
 * description because no source reaches them. Shared by every ping kind (json, leadprosper, boberdoo).
 */
import { z } from 'zod';
import { PING_FIELDS, type PingLead } from './ping-lead';

export const PingFieldSourceSchema = z.union([
  z.enum(PING_FIELDS),
  z.object({ field: z.enum(PING_FIELDS), format: z.enum(['lowercase', 'uppercase']) }).strict(),
  z.object({ value: z.union([z.string(), z.number()]) }).strict(),
]);
export type PingFieldSource = z.infer<typeof PingFieldSourceSchema>;

export const PingFieldsSchema = z.record(z.string().min(1), PingFieldSourceSchema);
export type PingFields = Readonly<Record<string, PingFieldSource>>;

function sourceValue(source: PingFieldSource, lead: PingLead): string | number {
  if (typeof source === 'string') return lead[source];
  if ('value' in source) return source.value;
  const value = lead[source.field];
  return source.format === 'lowercase' ? value.toLowerCase() : value.toUpperCase();
}

/** The body fields in the map's order; an empty ping field is sent empty (the buyer prices what it knows). */
export function pingBody(fields: PingFields, lead: PingLead): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, source] of Object.entries(fields)) out[name] = sourceValue(source, lead);
  return out;
}
