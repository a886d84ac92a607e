/** Local input state and errors of a form step; validation itself is the domain's (validateStep). */
import type { StepInput } from '@app/funnel';
import { useState, type FormEvent } from 'react';
import type { StepErrors } from '../use-survey';

export function useStepForm(initial: StepInput, submitStep: (input: StepInput) => Promise<StepErrors | null>) {
  const [values, setValues] = useState<StepInput>(initial);
  const [errors, setErrors] = useState<StepErrors>({});
  const [busy, setBusy] = useState(false);

  const setValue = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const rest = { ...e };
      delete rest[name];
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const problems = await submitStep(values);
    setBusy(false);
    if (problems) setErrors(problems);
  };

  return { values, errors, busy, setValue, onSubmit };
}
