import { describe, expect, it } from 'vitest';
import { addBusinessDays, addCalendarDays, optOutDueDate, receiptDateOf } from '../src/db/opt-out-due-date';
import type { OptOutRequestType } from '../src/db/opt-out-request-type';

describe('addBusinessDays (weekends skipped, holidays not)', () => {
  it.each([
    ['2026-11-02', 15, '2026-11-23', 'Monday: three weeks on'],
    ['2026-11-06', 15, '2026-11-27', 'Friday; Thanksgiving (26th) still counts'],
    ['2026-11-07', 15, '2026-11-27', 'Saturday: the count starts Monday'],
    ['2026-11-08', 15, '2026-11-27', 'Sunday: the count starts Monday'],
    ['2026-12-23', 15, '2027-01-13', 'across the new year'],
    ['2027-02-26', 15, '2027-03-19', 'across the end of February'],
    ['2026-11-06', 1, '2026-11-09', 'Friday + 1 is Monday'],
    ['2026-11-07', 0, '2026-11-07', 'zero days is the day itself'],
  ])('%s + %i business days → %s (%s)', (from, days, expected) => {
    expect(addBusinessDays(from, days)).toBe(expected);
  });
});

describe('addCalendarDays', () => {
  it.each([
    ['2026-11-22', 45, '2027-01-06'],
    ['2026-01-15', 45, '2026-03-01'],
    ['2028-01-20', 45, '2028-03-05'],
    ['2027-12-31', 45, '2028-02-14'],
  ])('%s + %i days → %s', (from, days, expected) => {
    expect(addCalendarDays(from, days)).toBe(expected);
  });

  it.each(['2026-02-30', '2026-1-5', 'yesterday', ''])('refuses %j', (bad) => {
    expect(() => addCalendarDays(bad, 1)).toThrow(/Not a calendar date/);
  });
});

describe('optOutDueDate', () => {
  const cases: [string, OptOutRequestType[], string][] = [
    ['2026-11-02', ['optOutOfSaleOrSharingOfInformation'], '2026-11-23'],
    ['2026-11-02', ['requestForInformation'], '2026-12-17'],
    ['2026-11-02', ['requestToDeleteInformation'], '2026-12-17'],
    ['2026-11-02', ['requestToCorrectInformation'], '2026-12-17'],
    ['2026-11-02', ['submitAnAppeal'], '2026-12-17'],
    // Several kinds: the earliest date governs.
    ['2026-11-02', ['requestToDeleteInformation', 'optOutOfSaleOrSharingOfInformation'], '2026-11-23'],
    ['2026-11-07', ['optOutOfSaleOrSharingOfInformation', 'submitAnAppeal'], '2026-11-27'],
  ];
  it.each(cases)('received %s, %j → due %s', (receivedOn, types, expected) => {
    expect(optOutDueDate(receivedOn, types)).toBe(expected);
  });

  it('refuses a request with no type', () => {
    expect(() => optOutDueDate('2026-11-02', [])).toThrow(/at least one request type/);
  });
});

describe('receiptDateOf (the calendar date in Hawaii, UTC-10)', () => {
  it.each([
    ['2026-11-23T09:59:59Z', '2026-11-22'],
    ['2026-11-23T10:00:00Z', '2026-11-23'],
    ['2026-07-01T12:00:00Z', '2026-07-01'],
    ['2027-01-01T05:00:00Z', '2026-12-31'],
  ])('%s → %s', (instant, expected) => {
    expect(receiptDateOf(new Date(instant))).toBe(expected);
  });
});
