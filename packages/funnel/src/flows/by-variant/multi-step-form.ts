/** The multi-step form (spec §2, §4, §5): four steps of several questions, each validated before moving on. */
import { buildFlow } from '../variants/build-flow';
import { FIRST, SECOND, CONTACT } from '../variants/form-flows';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = buildFlow({
  id: 'multi-step-form',
  // §2's stepped progress bar: four screens, each a page of questions (issue 13).
  progressStyle: 'stepped',
  // §5: "In the multi-step form only the length check applies."
  remotePhoneCheck: false,
  steps: [
    { id: 'ShowQuestions', screen: { kind: 'choice', options: [{ id: 'start', set: {} }] }, progress: 5 },
    { id: 'FormFirstQuestions', screen: { kind: 'questions', questions: FIRST }, progress: 25 },
    { id: 'FormSecondQuestions', screen: { kind: 'questions', questions: SECOND }, progress: 60 },
    { id: 'FormThirdQuestions', screen: { kind: 'questions', questions: CONTACT }, progress: 90 },
  ],
});
