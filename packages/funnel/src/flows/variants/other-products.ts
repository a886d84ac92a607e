/**
 * Flows that sell something other than an injury case (spec §2, §4): the ticket flow (posted to the
 * external lead-ingest service, then /ticket-thank-you/) and the eligibility flow (age group,
 * citizenship, secured benefits: an answer on the page, no lead).
 */
import { AGE_GROUPS, TICKET_TYPES, US_STATE_CODES } from '../../lead/survey-answers';
import { LAWYER_OPTIONS, yesNo } from '../common-options';
import { CONTACT_ONLY_RULES, policy } from '../policies';
import { buildFlow } from './build-flow';

export const TICKET = buildFlow({
  id: 'ticket',
  policy: policy({ rules: () => CONTACT_ONLY_RULES, forcedTreatment: 'never' }),
  ending: { destination: 'ingest', after: 'redirect' },
  steps: [
    { id: 'StartPathTicket', screen: { kind: 'choice', options: [{ id: 'got_ticket', set: {} }] }, progress: 5 },
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
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 75 },
    { id: 'NameAndEmailTicket', screen: { kind: 'name-email' }, progress: 88 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 96 },
  ],
});

export const ELIGIBILITY = buildFlow({
  id: 'eligibility',
  policy: policy({ rules: () => [], forcedTreatment: 'never' }),
  ending: { destination: 'none', after: 'end-screen', endScreen: 'EligibilityResult' },
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: [{ id: 'start', set: {} }] }, progress: 10 },
    {
      id: 'SelectAgeGroup',
      screen: { kind: 'choice', options: AGE_GROUPS.map((a) => ({ id: a, set: { age_group: a } })) },
      progress: 35,
    },
    { id: 'USCitizen', screen: { kind: 'choice', options: yesNo('is_us_citizen') }, progress: 60 },
    { id: 'SecuredBenefits', screen: { kind: 'choice', options: yesNo('secured_benefits') }, progress: 85 },
  ],
});
