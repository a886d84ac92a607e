import { buildFlow } from '../variants/build-flow';
import { YES_NO_TITLE, FIRST, CONTACT } from '../variants/form-flows';
import type { FlowDefinition } from '../flow-definition';

/** §5 "Address required" and "accident_type required" belong to the one-page form's fields. */
export const flow: FlowDefinition = buildFlow({
  id: 'one-page-form',
  ending: { destination: 'post-lead', after: 'redirect', disqualifiedPanel: true },
  steps: [
    {
      id: 'OnePageForm',
      screen: {
        kind: 'questions',
        questions: [
          {
            field: 'accident_type',
            options: ['car', 'truck', 'motorcycle', 'rideshare', 'pedestrian_or_bicycle', 'other'],
          },
          ...FIRST,
          { field: 'injury_year' },
          { field: 'injury_month' },
          { field: 'doctor_treatment', options: YES_NO_TITLE },
          { field: 'case_description' },
          ...CONTACT,
          { field: 'address' },
        ],
      },
      progress: 50,
    },
  ],
});
