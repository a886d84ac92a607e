import { describe, expect, it } from 'vitest';
import { decideVerdict, STANDARD_RULES, type VerdictInput } from '../src/rules/qualification';
import { QUALIFICATION_RULES } from '../src/rules/qualification';

const GOOD: VerdictInput = {
  with_Lawyer: 'no',
  accident_limit_exceeded: 0,
  days_from_incident_date: 30,
  is_gibberish: 'no',
  enough_words: 'yes',
  physical_injury: 'Yes',
  at_Fault: 'no',
  doctor_treatment: 'Yes',
  name_gibberish: 'no',
};

describe('qualification (§4)', () => {
  it('qualifies a lead when no rule holds', () => {
    expect(decideVerdict(GOOD, STANDARD_RULES)).toEqual({
      is_disqualified: false,
      dq_reason: '',
      do_not_send_to_dq: 'no',
      lead_is_qualified: 'yes',
    });
  });

  it.each<[Partial<VerdictInput>, string, 'yes' | 'no']>([
    [{ with_Lawyer: 'yes', lawyer_redirect_reason: 'have_attorney|yes' }, 'have_attorney|yes', 'no'],
    [
      { with_Lawyer: 'yes', lawyer_redirect_reason: 'have_attorney|yes_but_I_want_a_new_lawyer' },
      'have_attorney|yes_but_I_want_a_new_lawyer',
      'no',
    ],
    [{ is_gibberish: 'yes' }, 'is_gibberish|yes', 'yes'],
    [{ accident_limit_exceeded: 1 }, 'date|accident_limit_exceeded', 'no'],
    [{ days_from_incident_date: 731 }, 'date|over_730_days', 'no'],
    [{ enough_words: 'no' }, 'enough_words|no', 'no'],
    [{ physical_injury: 'No' }, 'physical_injury|no', 'no'],
    [{ at_Fault: 'yes' }, 'at_Fault|yes', 'no'],
    [{ doctor_treatment: 'No' }, 'doctor_treatment|no', 'no'],
    [{ name_gibberish: 'yes' }, 'name_gibberish|yes', 'yes'],
  ])('%j disqualifies with reason %s (do_not_send_to_dq %s)', (change, reason, junk) => {
    expect(decideVerdict({ ...GOOD, ...change }, STANDARD_RULES)).toEqual({
      is_disqualified: true,
      dq_reason: reason,
      do_not_send_to_dq: junk,
      lead_is_qualified: 'no',
    });
  });

  it('keeps the 730-day window inclusive', () => {
    expect(decideVerdict({ ...GOOD, days_from_incident_date: 730 }, STANDARD_RULES).lead_is_qualified).toBe('yes');
  });

  it('reports the first reason in rule order', () => {
    const verdict = decideVerdict({ ...GOOD, physical_injury: 'No', with_Lawyer: 'yes' }, STANDARD_RULES);
    expect(verdict.dq_reason).toBe('have_attorney|yes');
  });

  // §5 "Bad-word check on names sets name_bad_word"; §4's list of what disqualifies does not name it (issue 27).
  it('has no rule on name_bad_word: a listed word in a name is a flag for buyers, never a reason', () => {
    expect(Object.keys(QUALIFICATION_RULES)).not.toContain('name_bad_word');
    expect(STANDARD_RULES.join()).not.toMatch(/bad_word/);
  });

  it('applies only the rules a flow lists', () => {
    expect(decideVerdict({ ...GOOD, at_Fault: 'yes' }, ['lawyer']).is_disqualified).toBe(false);
  });
});
