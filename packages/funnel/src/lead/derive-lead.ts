/**
 * Every field the funnel derives from raw answers (spec §3, §4, §5), in one pure function. The
 * browser calls it to branch and to build the thank-you URL; the server calls it again on the raw
 * body with its own clock and zip lookup, and stores only its own result.
 */
import { FORCED_TREATMENT_MAX_DAYS, FORCED_TREATMENT_OFFSET_DAYS } from '../constants';
import { decideVerdict, type QualificationRuleId } from '../rules/qualification';
import { DUI_PRIOR_OFFENSE_TRACKING, retagFor } from '../rules/retagging';
import { isRetaggedSpecialPath } from '../rules/special-path';
import { isAccidentLimitExceeded, type StateLimitRow } from '../rules/state-limits';
import { hasEnoughWords } from '../text/enough-words';
import { addDays } from './dates';
import { overlay } from './overlay';
import { incidentAges } from './incident-date';
import type { DerivedFields } from './derived-fields';
import type { SurveyAnswers } from './survey-answers';
import type { ZipPlace } from './zip-place';

export type { DerivedFields } from './derived-fields';

/** How a flow derives and judges its leads; part of the flow's definition. */
export interface DerivePolicy {
  /** The qualification rules, in reporting order; may depend on the path (§4 DUI clears some). */
  rules: (answers: SurveyAnswers) => readonly QualificationRuleId[];
  /**
   * §4 medical window (isTreatmentForced): `within` forces treatment for a visitor who said they were
   * injured, up to 15 days after the accident; `exactly` is the minimal variant's rule (day 15, injury
   * never asked); `never` for flows that sell something else (tickets, eligibility).
   */
  forcedTreatment: 'within' | 'exactly' | 'never';
  /** §4 re-tagging state list, or null when the flow does not re-tag. */
  retagStates: readonly string[] | null;
  /** §4: states where partial_fault yes makes at_Fault no, or null when the flow does not ask it. */
  partialFaultStates: readonly string[] | null;
}

export interface DeriveContext {
  /** Today's date (YYYY-MM-DD, UTC) as the caller's clock reads it. */
  today: string;
  /** The zip lookup's answer for answers.zip_code, or null when unknown. */
  place: ZipPlace | null;
  stateLimits: readonly StateLimitRow[];
  policy: DerivePolicy;
  tracking: { oid: string; affid: string; lp_campaign_id: string };
  /**
   * The text check's verdict on case_description (§5 "is_gibberish (remote check)") when one was
   * made; without it gibberishReading decides.
   */
  textVerdict?: 'yes' | 'no' | undefined;
  /**
   * §5 is_gibberish's local reading (text/description-checks.ts looksLikeGibberish), or null where it is
   * not loaded: is_gibberish is then left unset. The server always hands it in. The browser's first chunk
   * has it not (issue 33: the letters tables would cost every visitor's first answer); its forms chunk
   * does, and a description is only ever answered on a form step, so the browser derives with one only
   * once that chunk is loaded.
   */
  gibberishReading: ((description: string) => boolean) | null;
  /**
   * §5's word lists (text/word-lists.ts), or null where they are not loaded: the browser derives
   * without them (issue 10), leaving bad_words, name_bad_word and name_gibberish unset; the server,
   * which decides them and sends the bad-words report (§7), always hands the lists in.
   */
  wordLists: WordLists | null;
}

/**
 * The checks of §5 that read word lists, as a derivation reads them: the content filter on the
 * description and the names, and the name check with its list of real names. text/word-lists.ts is the
 * one built on the lists.
 */
export interface WordLists {
  /** §5 bad_words: the description matches one of the word lists. */
  descriptionHasBannedContent: (description: string) => boolean;
  /** §5 name_bad_word: a name holds a bad word. */
  isBadWordName: (name: string) => boolean;
  /** §5 name_gibberish, with the campaigns that skip the check. */
  nameGibberish: (firstName: string, lastName: string, lpCampaignId: string) => 'yes' | 'no';
}

const LAWYER_REASONS = {
  have_lawyer: 'have_attorney|yes',
  want_new_lawyer: 'have_attorney|yes_but_I_want_a_new_lawyer',
  need_lawyer: '',
} as const;

/** §4 HitAndRunIdentified / UninsuredMotoristCoverage: facts that make a hit-and-run case viable. */
function hitAndRunNotes(answers: SurveyAnswers): string[] {
  if (answers.hit_and_run !== 'yes') return [];
  if (answers.hit_and_run_identified === 'yes') return [' -- the driver was identified'];
  if (answers.uninsured_motorist_coverage === 'yes') return [' -- plaintiff has UM insurance'];
  return [];
}

/**
 * §4 medical window: "If days since incident is 15 or fewer and injured, doctor_treatment and
 * physical_injury are forced to Yes […]; the minimal variant forces these at exactly 15 days."
 * "Injured" is what the visitor said (physical_injury Yes): a flow that never asked is not told it. The
 * minimal variant never asks and has its own rule, day 15 exactly (docs/spec-decisions.md).
 */
export function isTreatmentForced(
  window: DerivePolicy['forcedTreatment'],
  answers: Pick<SurveyAnswers, 'physical_injury'>,
  days: number | undefined,
): boolean {
  if (days === undefined || days < 0) return false;
  if (window === 'exactly') return days === FORCED_TREATMENT_MAX_DAYS;
  return window === 'within' && answers.physical_injury === 'Yes' && days <= FORCED_TREATMENT_MAX_DAYS;
}

/**
 * §4: a hit-and-run with an identified driver or UM coverage is worth a review, so the words that
 * triggered the report no longer count against it. Without the word lists nothing else is known.
 */
function badWordsFlag(description: string, notes: readonly string[], filter: WordLists | null) {
  if (notes.length > 0) return 'no' as const;
  if (!filter) return undefined;
  return filter.descriptionHasBannedContent(description) ? ('yes' as const) : ('no' as const);
}

/** §5 is_gibberish by the local reading, unset without it. */
function gibberishFlag(description: string, reading: DeriveContext['gibberishReading']) {
  if (!reading) return undefined;
  return reading(description) ? ('yes' as const) : ('no' as const);
}

export function deriveLead(answers: SurveyAnswers, ctx: DeriveContext): DerivedFields {
  const ages = incidentAges(answers, ctx.today);
  // The place is the lookup of the zip the visitor gave: no zip answered, no place.
  const place = answers.zip_code === undefined ? null : ctx.place;

  const limitExceeded =
    ages && place ? isAccidentLimitExceeded(ctx.stateLimits, place.state, ages.incident_date, ctx.today) : null;

  const forcedTreatment = isTreatmentForced(ctx.policy.forcedTreatment, answers, ages?.days_from_incident_date);

  // §4: partly at fault counts as not at fault where comparative negligence lets the driver recover.
  const partialFaultCleared =
    answers.partial_fault === 'yes' &&
    place !== null &&
    ctx.policy.partialFaultStates !== null &&
    ctx.policy.partialFaultStates.includes(place.state);

  const notes = hitAndRunNotes(answers);
  const description = answers.case_description;
  const filter = ctx.wordLists;
  const descriptionFlags =
    description === undefined
      ? {}
      : {
          case_description: description + notes.join(''),
          bad_words: badWordsFlag(description, notes, filter),
          enough_words: hasEnoughWords(description) ? ('yes' as const) : ('no' as const),
          is_gibberish: ctx.textVerdict ?? gibberishFlag(description, ctx.gibberishReading),
        };

  const nameFlags =
    answers.first_name !== undefined && answers.last_name !== undefined
      ? {
          name_gibberish: filter?.nameGibberish(answers.first_name, answers.last_name, ctx.tracking.lp_campaign_id),
          name_bad_word: filter
            ? filter.isBadWordName(answers.first_name) || filter.isBadWordName(answers.last_name)
              ? ('yes' as const)
              : ('no' as const)
            : undefined,
        }
      : {};

  // Layers assigned, not spread (lead/overlay.ts, issue 15); the keys in the same order.
  const derived = overlay(
    overlay(
      ages ?? {},
      {
        accident_limit_exceeded: limitExceeded === true ? (1 as const) : (0 as const),
        at_Fault: partialFaultCleared ? ('no' as const) : answers.at_Fault,
        physical_injury: forcedTreatment ? ('Yes' as const) : answers.physical_injury,
        doctor_treatment: forcedTreatment ? ('Yes' as const) : answers.doctor_treatment,
      },
      forcedTreatment && ages
        ? {
            when_seek_medical_treatment: 'first_week' as const,
            when_seek_medical_treatment_date: addDays(ages.incident_date, FORCED_TREATMENT_OFFSET_DAYS),
          }
        : {},
      answers.speaking_with_doctor ? { injury_rx_qualified: answers.speaking_with_doctor } : {},
      { lawyer_redirect_reason: answers.lawyer_choice ? LAWYER_REASONS[answers.lawyer_choice] : '' },
    ),
    descriptionFlags,
    nameFlags,
    {
      city: place?.city ?? '',
      state: place?.state ?? '',
      state_long: place?.state_long ?? '',
      county: place?.county ?? '',
    },
  );

  const verdict = decideVerdict(overlay(answers, derived), ctx.policy.rules(answers));
  const retag = retagFor(
    overlay(derived, {
      specialPath: isRetaggedSpecialPath(overlay(answers, ages ?? {}), partialFaultCleared),
      specific_injury: answers.specific_injury,
    }),
    ctx.policy.retagStates,
    ctx.tracking,
  );
  const duiTracking =
    answers.prior_alcohol_related_offense === 'yes'
      ? overlay(DUI_PRIOR_OFFENSE_TRACKING, { original_oid: ctx.tracking.oid, original_affid: ctx.tracking.affid })
      : {};
  return overlay(derived, verdict, duiTracking, retag ?? {});
}
