/** Local input state and errors of a form step; validation itself is the domain's (validateStep). */
import type { StepInput } from '@app/funnel';
import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import type { ScreenProps, StepErrors } from '../screens/screen-props';
import { revealFirstInvalid } from './reveal-field';

/** How long a press waits before its button says "Checking…": under it, an answer reads as instant. */
const BUSY_AFTER_MS = 100;

function fieldValue(form: HTMLFormElement, name: string): string | undefined {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement) return field.type === 'checkbox' ? undefined : field.value;
  if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) return field.value;
  return undefined;
}

/** `formRef` is the form element's ref, read once after the first render (below). */
export function useStepForm(
  initial: StepInput,
  { submitStep, prepareStep }: Pick<ScreenProps, 'submitStep' | 'prepareStep'>,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [values, setValues] = useState<StepInput>(initial);
  const [errors, setErrors] = useState<StepErrors>({});
  const [busy, setBusy] = useState(false);
  // Bumped by each refused submit: the effect below then shows the first invalid field (issue 11).
  const [refusals, setRefusals] = useState(0);
  const busyRef = useRef(false);
  const initialValues = useRef(initial);

  // Issue 10: on a page the server rendered, a visitor may type before the app is live; the browser keeps
  // what was typed in the fields, and the form takes it over instead of showing one thing and holding another.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: StepInput = {};
    for (const [name, value] of Object.entries(initialValues.current)) {
      const shown = fieldValue(form, name);
      if (shown !== undefined && shown !== (value ?? '')) typed[name] = shown;
    }
    // Read once from the DOM, an outside system here: the visitor's typing before React was there.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
  }, [formRef]);

  useEffect(() => {
    if (refusals > 0 && formRef.current) revealFirstInvalid(formRef.current);
  }, [refusals, formRef]);

  // Issue 10: what the visitor typed is worked out while they pause (validation, the engine's answer, the
  // description's reading), so the tap that sends it only shows the next step. A shown step only: a step
  // built ahead, hidden, runs no effect.
  useEffect(() => {
    if (!('requestIdleCallback' in window)) return;
    const idle = window.requestIdleCallback(() => prepareStep(values), { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, [prepareStep, values]);

  const setValue = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const rest = { ...e };
      delete rest[name];
      return rest;
    });
  };

  /** The form's submit, or its button's press (step-submit.tsx): either way the browser sends nothing. */
  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    // The button stays enabled (and focused) while a check is on its way; a second press waits for it.
    if (busyRef.current) return;
    busyRef.current = true;
    // Issue 10: "Checking…" only for a check still on its way after the moment a tap feels instant; a
    // step whose checks are in renders nothing here, so its tap's frame shows the next step and no more.
    let saidBusy = false;
    const shown = setTimeout(() => {
      saidBusy = true;
      setBusy(true);
    }, BUSY_AFTER_MS);
    const problems = await submitStep(values);
    clearTimeout(shown);
    busyRef.current = false;
    // Only when it said so: a state set, even to its value, may render the form again in the tap's frame.
    if (saidBusy) setBusy(false);
    if (problems) {
      setErrors(problems);
      setRefusals((n) => n + 1);
    }
  };

  return { values, errors, busy, setValue, onSubmit };
}
