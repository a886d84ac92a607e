/** What replaces the survey when a flow ends on the page (§4 "End of survey"). */
export type SurveyOutcome = { kind: 'end-screen'; screen: string; qualified: boolean } | { kind: 'disqualified-panel' };
