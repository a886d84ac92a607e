/**
 * Issue 29, finding 3: what a deletion request would delete, for the operator to review before confirming.
 * A deletion is a verifiable request (CCPA): the opt-out form proves nothing by itself, and one field of it
 * may be someone else's (a stranger's phone, a typo in an email). So each lead holding the request's email
 * or phone is listed with the identifiers it matched by, and only a lead matched by everything the
 * requester gave (their email and their phone, and their name where the lead has one) is proposed; a lead
 * matched by less is listed with the reason and deleted only if the operator ticks it. Nothing is deleted
 * until the operator confirms the exact set (process-privacy-request.ts).
 */
import { usPhoneDigits, type Requester } from '@app/funnel';
import type { Kysely } from 'kysely';
import { objectOf } from '../db/anonymize-leads';
import { normalizeEmail } from '../db/normalize-contact';
import type { OptOutRequest } from '../db/opt-out-store';
import type { Database } from '../db/schema';

export type Identifier = 'email' | 'phone';

export interface ReviewedLead {
  id: string;
  /** A lead of ours, one kept for the lead-ingest service (§4), or a refused body kept in the quarantine. */
  kind: 'lead' | 'ingested' | 'quarantined';
  received_at: string;
  name: string;
  email: string;
  phone: string;
  matched_by: Identifier[];
  /** Matched by everything the requester gave: ticked for deletion unless the operator unticks it. */
  proposed: boolean;
  /** Why it is or is not proposed, in words. */
  reason: string;
}

const text = (form: Record<string, unknown>, field: string): string => {
  const value = form[field];
  return typeof value === 'string' ? value.trim() : '';
};

const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');

/** The requester, their agent and how they want the answer, as the form gave them (§3 opt-out fields). */
export function requesterOf(formData: unknown): Requester {
  const form = typeof formData === 'object' && formData !== null ? Object.fromEntries(Object.entries(formData)) : {};
  const cityLine = joined(
    `${text(form, 'city')}${text(form, 'state') ? ',' : ''}`,
    text(form, 'state'),
    text(form, 'zip'),
  );
  return {
    name: joined(text(form, 'firstName'), text(form, 'lastName')),
    address: [text(form, 'address'), cityLine].filter((part) => part !== '').join(', '),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    reply: { email: form.receiveInformationEmail === true, mail: form.receiveInformationMail === true },
    agent:
      form.authorizedAgent === 'yes'
        ? {
            name: joined(text(form, 'agentFirstName'), text(form, 'agentLastName')),
            email: text(form, 'agentEmail'),
            phone: text(form, 'agentPhone'),
          }
        : null,
  };
}

const sameName = (a: string, b: string) =>
  a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

function judge(
  requester: Requester,
  given: { email: string; phone: string },
  found: { name: string; matched_by: Identifier[] },
): Pick<ReviewedLead, 'proposed' | 'reason'> {
  const wanted: Identifier[] = [...(given.email ? ['email' as const] : []), ...(given.phone ? ['phone' as const] : [])];
  const missing = wanted.filter((identifier) => !found.matched_by.includes(identifier));
  if (missing.length > 0) {
    return {
      proposed: false,
      reason: `matched by ${found.matched_by.join(' and ')} only: its ${missing.join(' and ')} differs from the request's`,
    };
  }
  if (wanted.length < 2) {
    return {
      proposed: false,
      reason: `the request gave only a ${wanted.join('')}, which alone does not show the lead is the requester's`,
    };
  }
  if (found.name !== '' && requester.name !== '' && !sameName(found.name, requester.name)) {
    return {
      proposed: false,
      reason: `the name on the lead (${found.name}) differs from the requester's (${requester.name})`,
    };
  }
  return { proposed: true, reason: 'matched by the email and the phone the requester gave' };
}

/** Every lead and ingested lead holding the request's email or phone, not yet anonymized, judged. */
export async function reviewDeletion(db: Kysely<Database>, request: OptOutRequest): Promise<ReviewedLead[]> {
  const requester = requesterOf(request.formData);
  const given = {
    email: requester.email ? normalizeEmail(requester.email) : '',
    phone: requester.phone ? usPhoneDigits(requester.phone) : '',
  };
  if (!given.email && !given.phone) return [];
  const matchedBy = (email: unknown, phone: unknown): Identifier[] => [
    ...(given.email !== '' && email === given.email ? ['email' as const] : []),
    ...(given.phone !== '' && phone === given.phone ? ['phone' as const] : []),
  ];
  const nameOf = (fields: Record<string, unknown>) =>
    joined(
      typeof fields.first_name === 'string' ? fields.first_name : '',
      typeof fields.last_name === 'string' ? fields.last_name : '',
    );

  const leads = await db
    .selectFrom('leads')
    .select(['id', 'received_at', 'email', 'phone', 'lead'])
    .where('anonymized_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(given.email ? [eb('email', '=', given.email)] : []),
        ...(given.phone ? [eb('phone', '=', given.phone)] : []),
      ]),
    )
    .orderBy('received_at')
    .execute();
  const reviewed: ReviewedLead[] = leads.map((row) => {
    const found = { name: nameOf(objectOf(row.lead)), matched_by: matchedBy(row.email, row.phone) };
    return {
      id: row.id,
      kind: 'lead',
      received_at: row.received_at,
      email: row.email,
      phone: row.phone,
      ...found,
      ...judge(requester, given, found),
    };
  });

  // Ingested leads keep their contact in the JSON only (db/anonymize-leads.ts): read a batch at a time.
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('ingested_leads')
      .select(['id', 'body', 'received_at'])
      .where('anonymized_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const row of rows) {
      const body = objectOf(row.body);
      const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
      const phone = typeof body.phone === 'string' ? usPhoneDigits(body.phone) : '';
      const found = { name: nameOf(body), matched_by: matchedBy(email, phone) };
      if (found.matched_by.length === 0) continue;
      reviewed.push({
        id: row.id,
        kind: 'ingested',
        received_at: row.received_at,
        email,
        phone,
        ...found,
        ...judge(requester, given, found),
      });
    }
    const last = rows[rows.length - 1];
    if (rows.length < 500 || last === undefined) break;
    after = last.id;
  }

  // Issue 29, finding 4: refused bodies kept to be replayed hold the same data; one never replayed (or
  // replayed into a lead not listed) is listed on its own. A replayed one goes with its lead.
  const listed = new Set(reviewed.map((lead) => lead.id));
  after = '';
  for (;;) {
    const rows = await db
      .selectFrom('quarantined_bodies')
      .select(['id', 'body', 'received_at', 'lead_id'])
      .where('body', '!=', '{}')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const row of rows) {
      if (row.lead_id !== null && listed.has(row.lead_id)) continue;
      const body = objectOf(row.body);
      const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
      const phone = typeof body.phone === 'string' ? usPhoneDigits(body.phone) : '';
      const found = { name: nameOf(body), matched_by: matchedBy(email, phone) };
      if (found.matched_by.length === 0) continue;
      reviewed.push({
        id: row.id,
        kind: 'quarantined',
        received_at: row.received_at,
        email,
        phone,
        ...found,
        ...judge(requester, given, found),
      });
    }
    const last = rows[rows.length - 1];
    if (rows.length < 500 || last === undefined) break;
    after = last.id;
  }
  return reviewed;
}
