/**
 * Issue 13, spec §7 save-data: hands each step the visitor leaves to the progress outbox, which loads in
 * its own chunk (progress-outbox.ts) the first time it is needed, so the survey's first chunk carries only
 * this hook. Snapshots left pending by an earlier page of the tab are posted by the entry once any page of
 * the site is live (entry-client.tsx), the thank-you page included.
 */
import type { FlowEffect, StepLeft } from '@app/funnel';
import { useCallback } from 'react';
import { afterPaint } from '../../app/after-paint';
import { progressOutboxModule } from '../../app/lazy-modules';
import type { SurveyWords } from '../../i18n/survey-words';
import type { SurveySession } from '../survey-session';

/** What the survey tells of a step once the next one is shown (or the survey is done). */
export interface StepLeftEvent {
  session: SurveySession;
  stepId: string;
  msOnStep: number;
  done: boolean;
  /** What the flow declares the page does now that the step is answered (tags, issue 13). */
  effects: readonly FlowEffect[];
}

/** Later, when the browser is idle: never in the frame that shows the next step (issue 10). */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}

export function useProgressSnapshots(words: SurveyWords): (event: StepLeftEvent) => void {
  return useCallback(
    ({ session, stepId, msOnStep, done }: StepLeftEvent) => {
      const left: StepLeft = {
        path: session.path,
        done,
        stepId,
        msOnStep,
        landingUrl: session.landingUrl,
        leadId: session.leadId,
        stepTimes: session.stepTimes,
        answers: session.answers,
        labelOf: (id) => words.steps[id]?.title,
      };
      const post = () =>
        void progressOutboxModule()
          .load()
          .then((outbox) => outbox().stepLeft(session.leadId, left))
          .catch(() => undefined);
      // §8: never awaited, never in the visitor's way; the last step's once the overlay is painted (the
      // post that leaves the page takes far longer), not when the browser is idle.
      if (done) afterPaint(post);
      else whenIdle(post);
    },
    [words],
  );
}
