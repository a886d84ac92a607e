/**
 * The survey's second chunk (issue 10): everything a step other than a one-tap choice needs, and the
 * end of the survey. The form screens, the §5 schemas (zod), the remote checks and the submit load after
 * the first question is on screen (prefetched while the visitor reads), or before it when the route's
 * first screens are forms. app/lazy-modules.ts loads it by this file's name.
 */
import { ACCIDENT_AGE_LIMITS, looksLikeGibberish } from '@app/funnel';
import { answerForm, prepareForm, preparedOutcome } from './answer-form';
import { BuyersConsentScreen } from './consent/buyers-consent-screen';
import { DescriptionScreen } from './description-screen';
import { FieldsScreen } from './fields-screen';
import { IncidentDateScreen } from './incident-date-screen';
import { QuestionsScreen } from './questions-screen';
import { createRemoteChecks } from './remote-checks';
import { loadSession } from './saved-session';
import { loadPageConfig, runStepEffects, startPageIntegrations } from './exits/page-config';
import { verifyPhone } from './sms/sms-gate';
import { SmsVerificationHost } from './sms/sms-verification-modal';
import { submitLead } from './submit-lead';
import { warmStepChecks } from './warm-step-checks';
import { SurveyOutcomeView } from '../survey-outcome-view';

export const surveyForms = {
  ACCIDENT_AGE_LIMITS,
  // §5 is_gibberish's local reading, which the survey derives with once a description is answered (issue 33).
  looksLikeGibberish,
  IncidentDateScreen,
  DescriptionScreen,
  FieldsScreen,
  QuestionsScreen,
  answerForm,
  prepareForm,
  preparedOutcome,
  BuyersConsentScreen,
  createRemoteChecks,
  loadSession,
  submitLead,
  verifyPhone,
  loadPageConfig,
  startPageIntegrations,
  runStepEffects,
  warmStepChecks,
  SmsVerificationHost,
  SurveyOutcomeView,
};

export type SurveyForms = typeof surveyForms;
