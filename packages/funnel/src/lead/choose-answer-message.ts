/**
 * §5-style message of a one-tap step answered with none of its options. Apart from messages.ts so that a
 * choice step validates in the survey's first chunk without the whole message table (issue 10); the table
 * names it as `chooseAnswer`.
 */
export const CHOOSE_ANSWER_MESSAGE = 'Please choose an answer';
