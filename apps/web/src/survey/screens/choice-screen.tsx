import type { ChoiceOption, SurveyAnswers } from '@app/funnel';
import { useRef } from 'react';
import type { ScreenProps } from './screen-props';

function isChosen(option: ChoiceOption, answers: SurveyAnswers): boolean {
  const given = new Map<string, unknown>(Object.entries(answers));
  const wanted = Object.entries(option.set);
  return wanted.length > 0 && wanted.every(([key, value]) => given.get(key) === value);
}

type ChoiceScreenProps = Pick<ScreenProps, 'text' | 'answers' | 'submitStep'> & { options: readonly ChoiceOption[] };

/**
 * One tap answers: the options are big buttons, two columns from 768 px (spec §9). Each button carries
 * its option id (data-option), which the pre-hydration capture reads (app/capture-early-input.ts).
 * Issue 11: a step with a single option is a start screen, not a question: its one button is the page's
 * clear call to action (full width, the primary colour), not a lone answer in a grid.
 */
export function ChoiceScreen({ options, text, answers, submitStep }: ChoiceScreenProps) {
  // One answer at a time (a choice that ends the survey waits for the submit's code). A ref, not state:
  // the tap's frame renders the next step, not this one again (issue 10).
  const busy = useRef(false);
  const start = options.length === 1;
  return (
    <div className={`choices${start ? ' choices--start' : ''}`} role="group" aria-label={text.title}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className={start ? 'button button--start' : `choice${isChosen(option, answers) ? ' choice--chosen' : ''}`}
          data-option={option.id}
          onClick={() => {
            if (busy.current) return;
            busy.current = true;
            void submitStep({ option: option.id }).finally(() => {
              busy.current = false;
            });
          }}
        >
          {text.labels?.[option.id] ?? option.id}
          {start && <span aria-hidden="true"> →</span>}
        </button>
      ))}
    </div>
  );
}
