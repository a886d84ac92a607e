/** What replaces the survey when a flow ends on the page (§4 "End of survey"). */
export type SurveyOutcome =
  /** dqReason: the verdict's reason when not qualified ('' when qualified): the end true for the visitor. */
  { kind: 'end-screen'; screen: string; qualified: boolean; dqReason: string } | { kind: 'disqualified-panel' };
