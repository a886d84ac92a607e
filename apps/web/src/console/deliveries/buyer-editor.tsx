/**
 * Edits a buyer as the buyers file writes it (JSON), checked here by the same schema the file and the
 * server use (BuyerConfigSchema), and again by the server (PUT /api/console/buyers/:key), whose problems
 * are shown as they come. The key is the buyer's and cannot change.
 */
import { BuyerConfigSchema, type BuyerConfig, type BuyerConfigInput } from '@app/funnel';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { sendJson } from '../api/console-client';
import { consoleErrorMessage, fieldProblems } from '../api/console-errors';
import { parseJsonText } from '../app/json-text';
import { useAction } from '../app/use-action';

const SavedSchema = z.object({ buyer: BuyerConfigSchema });

function problemsOf(text: string, key: string): { body?: BuyerConfigInput; problems: string[] } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { problems: [parsed.problem] };
  const checked = BuyerConfigSchema.safeParse(parsed.value);
  if (!checked.success) {
    return {
      problems: checked.error.issues.map((issue) => `${issue.path.join('.') || 'buyer'}: ${issue.message}`),
    };
  }
  if (checked.data.key !== key) return { problems: [`key: the key stays ${key}`] };
  return { body: checked.data, problems: [] };
}

export function BuyerEditor(props: { buyer: BuyerConfig; onClose: () => void; onSaved: (name: string) => void }) {
  const [text, setText] = useState(() => JSON.stringify(props.buyer, null, 2));
  const [problems, setProblems] = useState<string[]>([]);
  const { busy, run } = useAction();

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = problemsOf(text, props.buyer.key);
    setProblems(checked.problems);
    if (!checked.body) return;
    const body = checked.body;
    run(
      () => sendJson('PUT', `/buyers/${props.buyer.key}`, body, SavedSchema),
      (answer) => props.onSaved(answer.buyer.name),
      (error) => {
        const fields = fieldProblems(error).map((problem) => problem.message);
        setProblems(fields.length > 0 ? fields : [consoleErrorMessage(error)]);
      },
    );
  };

  return (
    <form className="console-card console-editor" onSubmit={save} aria-labelledby="editor-title">
      <h2 id="editor-title">Edit {props.buyer.name}</h2>
      <p className="console-muted">
        The buyer as the buyers file writes it. Secrets are best given as {'{"env": "NAME"}'}.
      </p>
      <label className="console-field">
        <span>Buyer configuration (JSON)</span>
        <textarea
          name="buyer"
          rows={18}
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length > 0 ? 'editor-problems' : undefined}
        />
      </label>
      {problems.length > 0 && (
        <ul id="editor-problems" className="console-alert" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
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
