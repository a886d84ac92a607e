/**
 * The buyer form's state (issue 29: a form, not a JSON textarea): each field as the operator types it, turned
 * into the buyer the API takes and checked with the API's own schema (BuyerConfigSchema), every problem keyed
 * by its field's path ("price", "target.url", "target.headers.X-Key"), as the server keys its further checks
 * (buyer-checks.ts). What the form has no field for (field maps) is edited as JSON under "advanced".
 */
import { BuyerConfigSchema, type BuyerConfig, type BuyerConfigInput, type SecretValue } from '@app/funnel';
import { parseJsonText } from '../app/json-text';

export interface FieldProblem {
  field: string;
  message: string;
}

export interface HeaderDraft {
  name: string;
  /** text: the value as written; env: the name of a BUYER_SECRET_… variable read when a lead is sent. */
  kind: 'text' | 'env';
  value: string;
}

export interface BuyerDraft {
  name: string;
  ids: string;
  active: boolean;
  price: string;
  priority: string;
  states: string;
  injured: boolean;
  notAtFault: boolean;
  noLawyer: boolean;
  treated: boolean;
  maxAccidentAgeDays: string;
  languages: string[];
  variants: string;
  capDaily: string;
  capMonthly: string;
  timeZone: string;
  dedupe: string;
  duplicateWindowDays: string;
  targetKind: 'http' | 'leadprosper';
  url: string;
  format: string;
  headers: HeaderDraft[];
  answerKind: 'http-status' | 'json-field';
  answerField: string;
  answerAccepted: string;
  answerDuplicate: string;
  answerRejected: string;
  answerMessageField: string;
  timeoutMs: string;
  campaignId: string;
  supplierId: string;
  key: HeaderDraft;
  testMode: boolean;
  /** JSON: { "targetFields": …, "criteriaFields": … }, the maps the form has no fields for. */
  advanced: string;
}

const list = (values: readonly (string | number)[] | undefined) => (values ?? []).join(', ');
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));
const secretDraft = (name: string, secret: SecretValue): HeaderDraft =>
  typeof secret === 'string' ? { name, kind: 'text', value: secret } : { name, kind: 'env', value: secret.env };

/**
 * Issue 32: a target the form has no fields for (a boberdoo post, an XML answer) is edited whole in the
 * advanced JSON ("target"), like a ping-post buyer's ping ("ping").
 */
function formCovers(target: BuyerConfig['target']): boolean {
  return target.kind === 'leadprosper' || (target.kind === 'http' && target.answer.kind !== 'xml-field');
}

export function draftOf(buyer: BuyerConfig): BuyerDraft {
  const { criteria, target } = buyer;
  const answer =
    target.kind === 'http' && target.answer.kind !== 'xml-field' ? target.answer : { kind: 'http-status' as const };
  return {
    name: buyer.name,
    ids: list(buyer.ids),
    active: buyer.active,
    price: String(buyer.price),
    priority: String(buyer.priority),
    states: list(buyer.states),
    injured: criteria.injured === true,
    notAtFault: criteria.notAtFault === true,
    noLawyer: criteria.noLawyer === true,
    treated: criteria.treated === true,
    maxAccidentAgeDays: numberText(criteria.maxAccidentAgeDays),
    languages: [...(criteria.languages ?? [])],
    variants: list(criteria.variants),
    capDaily: numberText(buyer.caps.daily),
    capMonthly: numberText(buyer.caps.monthly),
    timeZone: buyer.timeZone,
    dedupe: buyer.dedupe,
    duplicateWindowDays: numberText(buyer.duplicateWindowDays),
    targetKind: target.kind === 'leadprosper' ? 'leadprosper' : 'http',
    url: target.url,
    format: target.kind === 'http' ? target.format : 'json',
    headers: target.kind === 'http' ? Object.entries(target.headers).map(([name, v]) => secretDraft(name, v)) : [],
    answerKind: answer.kind,
    answerField: answer.kind === 'json-field' ? answer.field : '',
    answerAccepted: answer.kind === 'json-field' ? list(answer.accepted) : '',
    answerDuplicate: answer.kind === 'json-field' ? list(answer.duplicate) : '',
    answerRejected: answer.kind === 'json-field' ? list(answer.rejected) : '',
    answerMessageField: answer.kind === 'json-field' ? (answer.messageField ?? '') : '',
    timeoutMs: numberText(target.timeoutMs),
    campaignId: target.kind === 'leadprosper' ? target.campaignId : '',
    supplierId: target.kind === 'leadprosper' ? target.supplierId : '',
    key: target.kind === 'leadprosper' ? secretDraft('key', target.key) : { name: 'key', kind: 'env', value: '' },
    testMode: target.kind === 'leadprosper' && target.testMode,
    advanced: JSON.stringify(
      {
        targetFields: target.fields ?? null,
        criteriaFields: criteria.fields ?? null,
        ping: buyer.ping ?? null,
        target: formCovers(target) ? null : target,
      },
      null,
      2,
    ),
  };
}

/** "a, b c" → ["a", "b", "c"]; empty → undefined (the field left out). */
function items(text: string): string[] | undefined {
  const values = text.split(/[\s,]+/).filter((v) => v !== '');
  return values.length > 0 ? values : undefined;
}

/** A number as typed: empty → undefined (left out), anything else → a number (NaN: the schema says so). */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const secretOf = (draft: HeaderDraft): SecretValue =>
  draft.kind === 'env' ? { env: draft.value.trim() } : draft.value;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The advanced JSON's two maps; null or absent: left out. */
function advancedOf(
  text: string,
):
  { ok: true; target?: unknown; criteria?: unknown; ping?: unknown; whole?: unknown } | { ok: false; problem: string } {
  const parsed = parseJsonText(text.trim() === '' ? '{}' : text);
  if (!parsed.ok) return parsed;
  if (!isRecord(parsed.value))
    return { ok: false, problem: 'write an object: {"targetFields": …, "criteriaFields": …, "ping": …, "target": …}' };
  const { targetFields, criteriaFields, ping, target, ...rest } = parsed.value;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    return {
      ok: false,
      problem: `only targetFields, criteriaFields, ping and target go here, not ${unknown.join(', ')}`,
    };
  return {
    ok: true,
    ...(ping === null || ping === undefined ? {} : { ping }),
    ...(target === null || target === undefined ? {} : { whole: target }),
    ...(targetFields === null || targetFields === undefined ? {} : { target: targetFields }),
    ...(criteriaFields === null || criteriaFields === undefined ? {} : { criteria: criteriaFields }),
  };
}

/** Drops the keys whose value is undefined (the schema's optional fields are left out, not undefined). */
function defined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** The body the form would send (unchecked), and the advanced JSON's own problem if it cannot be read. */
export function bodyOf(draft: BuyerDraft, key: string): { body: unknown; problems: FieldProblem[] } {
  const advanced = advancedOf(draft.advanced);
  const maps: { target?: unknown; criteria?: unknown; ping?: unknown; whole?: unknown } = advanced.ok ? advanced : {};
  const criteria = defined({
    injured: draft.injured ? true : undefined,
    notAtFault: draft.notAtFault ? true : undefined,
    noLawyer: draft.noLawyer ? true : undefined,
    treated: draft.treated ? true : undefined,
    maxAccidentAgeDays: numberOf(draft.maxAccidentAgeDays),
    languages: draft.languages.length > 0 ? draft.languages : undefined,
    variants: items(draft.variants),
    fields: maps.criteria,
  });
  const timeoutMs = numberOf(draft.timeoutMs);
  const answer =
    draft.answerKind === 'json-field'
      ? defined({
          kind: 'json-field',
          field: draft.answerField.trim(),
          accepted: items(draft.answerAccepted) ?? [],
          duplicate: items(draft.answerDuplicate) ?? [],
          rejected: items(draft.answerRejected) ?? [],
          messageField: draft.answerMessageField.trim() === '' ? undefined : draft.answerMessageField.trim(),
        })
      : { kind: 'http-status' };
  const target =
    draft.targetKind === 'http'
      ? defined({
          kind: 'http',
          url: draft.url.trim(),
          format: draft.format,
          headers: Object.fromEntries(draft.headers.map((h) => [h.name.trim(), secretOf(h)])),
          answer,
          timeoutMs,
          fields: maps.target,
        })
      : defined({
          kind: 'leadprosper',
          url: draft.url.trim(),
          campaignId: draft.campaignId.trim(),
          supplierId: draft.supplierId.trim(),
          key: secretOf(draft.key),
          testMode: draft.testMode,
          timeoutMs,
          fields: maps.target,
        });
  const body = defined({
    key,
    name: draft.name,
    ids: items(draft.ids) ?? [],
    active: draft.active,
    price: numberOf(draft.price) ?? Number.NaN,
    priority: numberOf(draft.priority),
    states: items(draft.states.toUpperCase()),
    criteria,
    caps: defined({ daily: numberOf(draft.capDaily), monthly: numberOf(draft.capMonthly) }),
    timeZone: draft.timeZone.trim(),
    dedupe: draft.dedupe,
    duplicateWindowDays: numberOf(draft.duplicateWindowDays),
    // Issue 32: a whole target written in the advanced JSON replaces the form's (a kind it has no fields for).
    target: maps.whole ?? target,
    ping: maps.ping,
  });
  return { body, problems: advanced.ok ? [] : [{ field: 'advanced', message: advanced.problem }] };
}

/**
 * The draft checked as the API checks it: the buyer to send, or every problem by its field's path. A
 * problem in a field map is reported under "advanced" with its path, where the form edits those maps.
 */
export function checkDraft(
  draft: BuyerDraft,
  key: string,
): { ok: true; body: BuyerConfigInput } | { ok: false; problems: FieldProblem[] } {
  const { body, problems } = bodyOf(draft, key);
  const checked = BuyerConfigSchema.safeParse(body);
  const schemaProblems = checked.success
    ? []
    : checked.error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
  const all = [...problems, ...schemaProblems];
  if (!checked.success || all.length > 0) return { ok: false, problems: all };
  return { ok: true, body: checked.data };
}
