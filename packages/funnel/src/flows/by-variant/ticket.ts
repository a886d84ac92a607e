/**
 * The ticket flow (spec §2, §4): sells a traffic-ticket case, posts to the external lead-ingest service,
 * then goes to /ticket-thank-you/.
 */
import { TICKET_TYPES, US_STATE_CODES } from '../../lead/survey-answers';
import { LAWYER_OPTIONS } from '../common-options';
import { CONTACT_ONLY_RULES, policy } from '../policies';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = buildFlow({
  id: 'ticket',
  // Issue 11: a traffic ticket, not an accident: its own hints, consent text and thank-you page.
  topic: 'traffic-ticket',
  policy: policy({ rules: () => CONTACT_ONLY_RULES, forcedTreatment: 'never' }),
  // §7: "same kind of lead (without accident_within_last_year, state_long, accident_limit_exceeded)".
  ending: {
    destination: 'ingest',
    after: 'redirect',
    omitsFields: ['accident_within_last_year', 'state_long', 'accident_limit_exceeded'],
  },
  steps: [
    {
      id: 'StartPathTicket',
      screen: { kind: 'choice', options: [{ id: 'got_ticket', set: {} }] },
      progress: 5,
      // §7 "Third-party tracking scripts load (… ticket pixel …)": once the visitor starts the ticket flow.
      effects: () => ['load-ticket-pixel'],
    },
    { id: 'StartTicketFlow', screen: { kind: 'choice', options: [{ id: 'start', set: {} }] }, progress: 10 },
    {
      id: 'TicketReceived',
      screen: { kind: 'choice', options: TICKET_TYPES.map((t) => ({ id: t, set: { ticket_type: t } })) },
      progress: 25,
    },
    {
      id: 'SelectState',
      screen: { kind: 'questions', questions: [{ field: 'ticket_state', options: US_STATE_CODES }] },
      progress: 40,
    },
    { id: 'SelectDate', screen: { kind: 'incident-date' }, progress: 55 },
    { id: 'DoYouHaveAttorney', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 65 },
    // No other driver to flee from a traffic stop: no hit-and-run box (issue 11).
    { id: 'IncidentDescription', screen: { kind: 'description', hitAndRun: false }, progress: 75 },
    { id: 'NameAndEmailTicket', screen: { kind: 'name-email' }, progress: 88 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 96 },
  ],
});
