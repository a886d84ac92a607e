/**
 * Edits a buyer in a form (issue 29): each field checked by the schema the buyers file and the server use
 * (BuyerConfigSchema, via buyer-draft.ts) before sending, and again by the server (PUT
 * /api/console/buyers/:key), whose further checks (buyer-checks.ts: secrets set, public hosts…) come back
 * keyed by the same field paths. Every problem is shown next to its field; nothing is saved while one
 * remains. The key is the buyer's and cannot change.
 */
import { BUYER_DEDUPE_MODES, BUYER_SECRET_PREFIX, BuyerConfigSchema, LANGUAGES, type BuyerConfig } from '@app/funnel';
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { sendJson } from '../api/console-client';
import { consoleErrorMessage, fieldProblems } from '../api/console-errors';
import { useAction } from '../app/use-action';
import { checkDraft, draftOf, type BuyerDraft, type FieldProblem, type HeaderDraft } from './buyer-draft';

const SavedSchema = z.object({ buyer: BuyerConfigSchema });

/** The paths a field shows problems for: its own, and (for lists and maps) those under it. */
type Paths = readonly string[];

const at = (problems: readonly FieldProblem[], paths: Paths) =>
  problems.filter((p) => paths.some((path) => p.field === path || p.field.startsWith(`${path}.`)));

/** Every path a field of the form shows, so a problem no field shows is listed at the top. */
function shownPaths(draft: BuyerDraft): string[] {
  const common = [
    'name',
    'ids',
    'active',
    'price',
    'priority',
    'states',
    'criteria.maxAccidentAgeDays',
    'criteria.languages',
    'criteria.variants',
    'criteria.fields',
    'caps.daily',
    'caps.monthly',
    'timeZone',
    'dedupe',
    'duplicateWindowDays',
    'target.url',
    'target.timeoutMs',
    'target.fields',
    'advanced',
  ];
  return draft.targetKind === 'http'
    ? [...common, 'target.format', 'target.headers', 'target.answer']
    : [...common, 'target.campaignId', 'target.supplierId', 'target.key', 'target.testMode'];
}

function Problems(props: { id: string; problems: readonly FieldProblem[] }) {
  if (props.problems.length === 0) return null;
  return (
    <ul id={props.id} className="buyer-field-problems">
      {props.problems.map((p) => (
        <li key={`${p.field}:${p.message}`} data-field={p.field}>
          {p.message}
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  problems: readonly FieldProblem[];
}

/** A labelled text input with its hint and its problems, tied by aria-describedby. */
function TextField(props: FieldProps & { value: string; onChange: (value: string) => void; inputMode?: 'decimal' }) {
  const described = [props.hint ? `${props.id}-hint` : '', props.problems.length > 0 ? `${props.id}-problems` : '']
    .filter((v) => v !== '')
    .join(' ');
  return (
    <div className="console-field buyer-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        value={props.value}
        inputMode={props.inputMode}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.problems.length > 0}
        aria-describedby={described || undefined}
      />
      {props.hint && (
        <small id={`${props.id}-hint`} className="console-muted">
          {props.hint}
        </small>
      )}
      <Problems id={`${props.id}-problems`} problems={props.problems} />
    </div>
  );
}

function SelectField(
  props: FieldProps & { value: string; options: readonly string[]; onChange: (value: string) => void },
) {
  return (
    <div className="console-field buyer-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.problems.length > 0}
        aria-describedby={props.problems.length > 0 ? `${props.id}-problems` : undefined}
      >
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {props.hint && <small className="console-muted">{props.hint}</small>}
      <Problems id={`${props.id}-problems`} problems={props.problems} />
    </div>
  );
}

function Check(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="buyer-check" htmlFor={props.id}>
      <input id={props.id} type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      {props.label}
    </label>
  );
}

function Group(props: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="buyer-group">
      <legend>{props.legend}</legend>
      {props.children}
    </fieldset>
  );
}

/** One header (or the Lead Prosper key): a name, and a value written here or read from a BUYER_SECRET_… variable. */
function SecretRow(props: {
  id: string;
  secret: HeaderDraft;
  named: boolean;
  problems: readonly FieldProblem[];
  onChange: (secret: HeaderDraft) => void;
  onRemove?: () => void;
}) {
  const { secret } = props;
  return (
    <div className="buyer-secret" role="group" aria-label={props.named ? `Header ${secret.name}` : 'Key'}>
      {props.named && (
        <div className="console-field">
          <label htmlFor={`${props.id}-name`}>Header name</label>
          <input
            id={`${props.id}-name`}
            value={secret.name}
            onChange={(e) => props.onChange({ ...secret, name: e.target.value })}
          />
        </div>
      )}
      <div className="console-field">
        <label htmlFor={`${props.id}-kind`}>Value from</label>
        <select
          id={`${props.id}-kind`}
          value={secret.kind}
          onChange={(e) => props.onChange({ ...secret, kind: e.target.value === 'env' ? 'env' : 'text' })}
        >
          <option value="env">a secret variable ({BUYER_SECRET_PREFIX}…)</option>
          <option value="text">written here</option>
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${props.id}-value`}>{secret.kind === 'env' ? 'Variable name' : 'Value'}</label>
        <input
          id={`${props.id}-value`}
          value={secret.value}
          placeholder={secret.kind === 'env' ? `${BUYER_SECRET_PREFIX}FIRM_TOKEN` : ''}
          onChange={(e) => props.onChange({ ...secret, value: e.target.value })}
          aria-invalid={props.problems.length > 0}
          aria-describedby={props.problems.length > 0 ? `${props.id}-problems` : undefined}
        />
      </div>
      {props.onRemove && (
        <button type="button" className="console-button console-button-quiet" onClick={props.onRemove}>
          Remove
        </button>
      )}
      <Problems id={`${props.id}-problems`} problems={props.problems} />
    </div>
  );
}

export function BuyerEditor(props: { buyer: BuyerConfig; onClose: () => void; onSaved: (name: string) => void }) {
  const [draft, setDraft] = useState(() => draftOf(props.buyer));
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [failure, setFailure] = useState('');
  const { busy, run } = useAction();
  const set = <K extends keyof BuyerDraft>(field: K, value: BuyerDraft[K]) => setDraft({ ...draft, [field]: value });
  const on = (paths: Paths) => at(problems, paths);
  const unplaced = problems.filter((p) => at([p], shownPaths(draft)).length === 0);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure('');
    const checked = checkDraft(draft, props.buyer.key);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    const body = checked.body;
    run(
      () => sendJson('PUT', `/buyers/${props.buyer.key}`, body, SavedSchema),
      (answer) => props.onSaved(answer.buyer.name),
      (error) => {
        const fields = fieldProblems(error);
        setProblems(fields);
        setFailure(consoleErrorMessage(error));
      },
    );
  };

  const header = (i: number, value: HeaderDraft | null) =>
    set(
      'headers',
      value === null ? draft.headers.filter((_, k) => k !== i) : draft.headers.map((h, k) => (k === i ? value : h)),
    );

  return (
    <form className="console-card console-editor buyer-form" onSubmit={save} aria-labelledby="editor-title" noValidate>
      <h2 id="editor-title">Edit {props.buyer.name}</h2>
      <p className="console-muted">
        Key <code>{props.buyer.key}</code> (stays). Checked as the buyers file is; the server checks again.
      </p>
      {(problems.length > 0 || failure) && (
        <div className="console-alert" role="alert" id="editor-problems">
          <p>{problems.length > 0 ? 'Not saved: fix the fields marked below.' : failure}</p>
          {unplaced.length > 0 && (
            <ul>
              {unplaced.map((p) => (
                <li key={`${p.field}:${p.message}`} data-field={p.field}>
                  {p.field}: {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <Group legend="Buyer">
        <div className="buyer-row">
          <TextField
            id="buyer-name"
            label="Name"
            value={draft.name}
            onChange={(v) => set('name', v)}
            problems={on(['name'])}
          />
          <TextField
            id="buyer-ids"
            label="Buyer ids"
            hint="The ids the one-to-one consent names, separated by commas."
            value={draft.ids}
            onChange={(v) => set('ids', v)}
            problems={on(['ids'])}
          />
          <TextField
            id="buyer-price"
            label="Price (US dollars per accepted lead)"
            inputMode="decimal"
            value={draft.price}
            onChange={(v) => set('price', v)}
            problems={on(['price'])}
          />
          <TextField
            id="buyer-priority"
            label="Priority (breaks a price tie, higher first)"
            inputMode="decimal"
            value={draft.priority}
            onChange={(v) => set('priority', v)}
            problems={on(['priority'])}
          />
        </div>
        <Check
          id="buyer-active"
          label="Active (takes new leads)"
          checked={draft.active}
          onChange={(v) => set('active', v)}
        />
      </Group>

      <Group legend="Leads it takes">
        <div className="buyer-row">
          <TextField
            id="buyer-states"
            label="States"
            hint="Two-letter codes separated by commas; empty: every state."
            value={draft.states}
            onChange={(v) => set('states', v)}
            problems={on(['states'])}
          />
          <TextField
            id="buyer-max-age"
            label="Accident at most this many days ago"
            hint="Empty: any age."
            inputMode="decimal"
            value={draft.maxAccidentAgeDays}
            onChange={(v) => set('maxAccidentAgeDays', v)}
            problems={on(['criteria.maxAccidentAgeDays'])}
          />
          <TextField
            id="buyer-variants"
            label="Funnel variants"
            hint="Flow ids separated by commas; empty: every variant."
            value={draft.variants}
            onChange={(v) => set('variants', v)}
            problems={on(['criteria.variants'])}
          />
        </div>
        <div className="buyer-checks">
          <Check id="buyer-injured" label="Injured" checked={draft.injured} onChange={(v) => set('injured', v)} />
          <Check
            id="buyer-not-at-fault"
            label="Not at fault"
            checked={draft.notAtFault}
            onChange={(v) => set('notAtFault', v)}
          />
          <Check
            id="buyer-no-lawyer"
            label="No lawyer yet"
            checked={draft.noLawyer}
            onChange={(v) => set('noLawyer', v)}
          />
          <Check id="buyer-treated" label="Saw a doctor" checked={draft.treated} onChange={(v) => set('treated', v)} />
        </div>
        <fieldset className="buyer-checks" aria-describedby="buyer-languages-problems">
          <legend>Languages (none checked: every language)</legend>
          {LANGUAGES.map((language) => (
            <Check
              key={language}
              id={`buyer-language-${language}`}
              label={language}
              checked={draft.languages.includes(language)}
              onChange={(checked) =>
                set(
                  'languages',
                  checked ? [...draft.languages, language] : draft.languages.filter((l) => l !== language),
                )
              }
            />
          ))}
          <Problems id="buyer-languages-problems" problems={on(['criteria.languages'])} />
        </fieldset>
      </Group>

      <Group legend="How many">
        <div className="buyer-row">
          <TextField
            id="buyer-cap-daily"
            label="Daily cap"
            hint="Empty: no cap."
            inputMode="decimal"
            value={draft.capDaily}
            onChange={(v) => set('capDaily', v)}
            problems={on(['caps.daily'])}
          />
          <TextField
            id="buyer-cap-monthly"
            label="Monthly cap"
            hint="Empty: no cap."
            inputMode="decimal"
            value={draft.capMonthly}
            onChange={(v) => set('capMonthly', v)}
            problems={on(['caps.monthly'])}
          />
          <TextField
            id="buyer-time-zone"
            label="Time zone of its day and month"
            value={draft.timeZone}
            onChange={(v) => set('timeZone', v)}
            problems={on(['timeZone'])}
          />
          <TextField
            id="buyer-duplicate-window"
            label="Duplicate window (days)"
            hint="Empty: the default."
            inputMode="decimal"
            value={draft.duplicateWindowDays}
            onChange={(v) => set('duplicateWindowDays', v)}
            problems={on(['duplicateWindowDays'])}
          />
          <SelectField
            id="buyer-dedupe"
            label="A second post is harmless when"
            hint="none: it may be a second sale, so an unknown outcome is never sent again on its own."
            value={draft.dedupe}
            options={BUYER_DEDUPE_MODES}
            onChange={(v) => set('dedupe', v)}
            problems={on(['dedupe'])}
          />
        </div>
      </Group>

      <Group legend="Where leads go">
        <div className="buyer-row">
          <SelectField
            id="buyer-target-kind"
            label="Target"
            value={draft.targetKind}
            options={['http', 'leadprosper']}
            onChange={(v) => set('targetKind', v === 'leadprosper' ? 'leadprosper' : 'http')}
            problems={on(['target.kind'])}
          />
          <TextField
            id="buyer-url"
            label="URL"
            value={draft.url}
            onChange={(v) => set('url', v)}
            problems={on(['target.url'])}
          />
          <TextField
            id="buyer-timeout"
            label="Time-out (ms)"
            hint="Empty: the server's default."
            inputMode="decimal"
            value={draft.timeoutMs}
            onChange={(v) => set('timeoutMs', v)}
            problems={on(['target.timeoutMs'])}
          />
          {draft.targetKind === 'http' ? (
            <SelectField
              id="buyer-format"
              label="Body format"
              value={draft.format}
              options={['json', 'form']}
              onChange={(v) => set('format', v)}
              problems={on(['target.format'])}
            />
          ) : (
            <>
              <TextField
                id="buyer-campaign"
                label="Campaign id"
                value={draft.campaignId}
                onChange={(v) => set('campaignId', v)}
                problems={on(['target.campaignId'])}
              />
              <TextField
                id="buyer-supplier"
                label="Supplier id"
                value={draft.supplierId}
                onChange={(v) => set('supplierId', v)}
                problems={on(['target.supplierId'])}
              />
            </>
          )}
        </div>
        {draft.targetKind === 'http' ? (
          <>
            <h3 className="buyer-subhead">Headers</h3>
            <p className="console-muted">
              A secret is read from a variable named {BUYER_SECRET_PREFIX}… when a lead is sent; it never sits here.
            </p>
            {draft.headers.map((h, i) => (
              <SecretRow
                key={i}
                id={`buyer-header-${i}`}
                secret={h}
                named
                problems={on([`target.headers.${h.name.trim()}`])}
                onChange={(value) => header(i, value)}
                onRemove={() => header(i, null)}
              />
            ))}
            <Problems
              id="buyer-headers-problems"
              problems={on(['target.headers']).filter(
                (p) => !draft.headers.some((h) => at([p], [`target.headers.${h.name.trim()}`]).length > 0),
              )}
            />
            <button
              type="button"
              className="console-button console-button-quiet"
              onClick={() => set('headers', [...draft.headers, { name: '', kind: 'env', value: '' }])}
            >
              Add a header
            </button>
            <h3 className="buyer-subhead">Its answer</h3>
            <div className="buyer-row">
              <SelectField
                id="buyer-answer-kind"
                label="Read the answer by"
                hint="http-status: 2xx accepted, 409 duplicate, other 4xx rejected."
                value={draft.answerKind}
                options={['http-status', 'json-field']}
                onChange={(v) => set('answerKind', v === 'json-field' ? 'json-field' : 'http-status')}
                problems={on(['target.answer.kind'])}
              />
              {draft.answerKind === 'json-field' && (
                <>
                  <TextField
                    id="buyer-answer-field"
                    label="Status field (dot path)"
                    value={draft.answerField}
                    onChange={(v) => set('answerField', v)}
                    problems={on(['target.answer.field'])}
                  />
                  <TextField
                    id="buyer-answer-accepted"
                    label="Accepted words"
                    value={draft.answerAccepted}
                    onChange={(v) => set('answerAccepted', v)}
                    problems={on(['target.answer.accepted'])}
                  />
                  <TextField
                    id="buyer-answer-duplicate"
                    label="Duplicate words"
                    value={draft.answerDuplicate}
                    onChange={(v) => set('answerDuplicate', v)}
                    problems={on(['target.answer.duplicate'])}
                  />
                  <TextField
                    id="buyer-answer-rejected"
                    label="Rejected words"
                    value={draft.answerRejected}
                    onChange={(v) => set('answerRejected', v)}
                    problems={on(['target.answer.rejected'])}
                  />
                  <TextField
                    id="buyer-answer-message"
                    label="Message field (optional)"
                    value={draft.answerMessageField}
                    onChange={(v) => set('answerMessageField', v)}
                    problems={on(['target.answer.messageField'])}
                  />
                </>
              )}
            </div>
          </>
        ) : (
          <>
            <h3 className="buyer-subhead">Lead Prosper key</h3>
            <SecretRow
              id="buyer-key"
              secret={draft.key}
              named={false}
              problems={on(['target.key'])}
              onChange={(value) => set('key', value)}
            />
            <Check
              id="buyer-test-mode"
              label="Test mode (Lead Prosper flags each lead as a test)"
              checked={draft.testMode}
              onChange={(v) => set('testMode', v)}
            />
          </>
        )}
      </Group>

      <details className="buyer-group" open={on(['advanced', 'target.fields', 'criteria.fields']).length > 0}>
        <summary>Advanced: field maps (JSON)</summary>
        <div className="console-field">
          <label htmlFor="buyer-advanced">
            targetFields: the body sent, field by field (null: the default fields). criteriaFields: other lead fields
            and the values the buyer takes.
          </label>
          <textarea
            id="buyer-advanced"
            rows={8}
            spellCheck={false}
            value={draft.advanced}
            onChange={(e) => set('advanced', e.target.value)}
            aria-invalid={on(['advanced', 'target.fields', 'criteria.fields']).length > 0}
            aria-describedby="buyer-advanced-problems"
          />
          <Problems
            id="buyer-advanced-problems"
            problems={on(['advanced', 'target.fields', 'criteria.fields']).map((p) =>
              p.field === 'advanced' ? p : { field: p.field, message: `${p.field}: ${p.message}` },
            )}
          />
        </div>
      </details>

      <div className="console-filter-actions">
        <button type="submit" className="console-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save buyer'}
        </button>
        <button type="button" className="console-button console-button-quiet" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
