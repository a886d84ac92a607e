import { describe, expect, it } from 'vitest';
import { incidentAges, incidentDateOf } from '../src/lead/incident-date';
import { yearOptions } from '../src/lead/incident-date-options';
import { incidentDateProblem } from '../src/lead/incident-date-problem';

const TODAY = '2026-11-22';

describe('incident_date (§3)', () => {
  it.each([
    [{ injury_year: '2026', injury_month: '03' }, '2026-03-01'],
    [{ injury_year: '2026', injury_month: '03', injury_day: '17' }, '2026-03-17'],
    [{ injury_year: '2025' }, '2025-01-01'],
    [{ injury_year: 'Earlier than 2015', injury_month: '06' }, '2014-01-01'],
    [{ injury_year: '2025', injury_month: '02', injury_day: '30' }, null],
    [{}, null],
  ])('%j → %s', (parts, expected) => {
    expect(incidentDateOf(parts)).toBe(expected);
  });

  it.each([
    [{ injury_year: '2026', injury_month: '12' }, 'The accident date cannot be in the future'],
    [{ injury_year: '2026' }, 'Please select the month of the accident'],
    [{}, 'Please select the year of the accident'],
    [{ injury_year: '2026', injury_month: '11', injury_day: '22' }, null],
    [{ injury_year: 'Earlier than 2015' }, null],
  ])('problem of %j is %s', (parts, expected) => {
    expect(incidentDateProblem(parts, TODAY)).toBe(expected);
  });

  it.each([
    ['2025-11-23', 364, 'yes', 'Within 2 Years'],
    ['2025-11-22', 365, 'no', 'Within 2 Years'],
    ['2024-11-22', 730, 'no', 'Within 2 Years'],
    ['2024-11-21', 731, 'no', 'Over 2 Years'],
  ])('accident on %s: %i days, within last year %s, button %s', (date, days, withinYear, button) => {
    const [y, m, d] = date.split('-');
    const ages = incidentAges({ injury_year: y, injury_month: m, injury_day: d }, TODAY);
    expect(ages).toMatchObject({
      days_from_incident_date: days,
      accident_within_last_year: withinYear,
      accident_date_button: button,
    });
  });

  it('lists years from this year down to 2015, then "Earlier than 2015" (§2)', () => {
    const years = yearOptions(TODAY);
    expect(years[0]).toBe('2026');
    expect(years.at(-2)).toBe('2015');
    expect(years.at(-1)).toBe('Earlier than 2015');
  });
});
