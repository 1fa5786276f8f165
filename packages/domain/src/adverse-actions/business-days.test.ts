import { describe, expect, it } from 'vitest';
import { endOfBusinessDays, isBusinessDay, usFederalHolidays } from './business-days.js';
import { ADVERSE_ACTION_RULES, adverseActionRuleFor } from './rules.js';

const at = (iso: string) => new Date(iso);
const noHolidays = () => [];

describe('endOfBusinessDays', () => {
  it('skips the weekend: 5 business days from a Monday end after the next Monday', () => {
    // Monday 2026-03-02 → Tue, Wed, Thu, Fri, Mon 2026-03-09 → ends at the midnight after it.
    expect(endOfBusinessDays({ start: at('2026-03-02T15:30:00Z'), days: 5, holidaysOf: noHolidays })).toEqual(
      at('2026-03-10T00:00:00Z'),
    );
  });

  it('does not count the day of the notice, even a business day sent at 00:00', () => {
    expect(endOfBusinessDays({ start: at('2026-03-02T00:00:00Z'), days: 1, holidaysOf: noHolidays })).toEqual(
      at('2026-03-04T00:00:00Z'),
    );
  });

  it('counts from a notice sent on a Saturday as from the Friday', () => {
    expect(endOfBusinessDays({ start: at('2026-03-07T10:00:00Z'), days: 5, holidaysOf: noHolidays })).toEqual(
      at('2026-03-14T00:00:00Z'),
    );
  });

  it('skips US federal holidays: Thanksgiving 2026 falls on 26 November', () => {
    // Monday 23 Nov: Tue 24, Wed 25, (Thu 26 holiday), Fri 27, Mon 30, Tue 1 Dec.
    expect(endOfBusinessDays({ start: at('2026-11-23T12:00:00Z'), days: 5 })).toEqual(at('2026-12-02T00:00:00Z'));
  });

  it('answers the start itself for 0 days, and refuses a negative or fractional count', () => {
    expect(endOfBusinessDays({ start: at('2026-03-02T15:30:00Z'), days: 0 })).toEqual(at('2026-03-02T15:30:00Z'));
    expect(() => endOfBusinessDays({ start: at('2026-03-02T00:00:00Z'), days: -1 })).toThrow(RangeError);
    expect(() => endOfBusinessDays({ start: at('2026-03-02T00:00:00Z'), days: 1.5 })).toThrow(RangeError);
  });

  it('always ends on the midnight after a business day, later than the start by at least the count in days', () => {
    for (let offset = 0; offset < 400; offset += 1) {
      const start = new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000 + 3_600_000);
      const end = endOfBusinessDays({ start, days: 5 });
      expect(end.getUTCHours()).toBe(0);
      expect(isBusinessDay(new Date(end.getTime() - 86_400_000), usFederalHolidays)).toBe(true);
      expect(end.getTime() - start.getTime()).toBeGreaterThan(5 * 86_400_000);
    }
  });
});

describe('usFederalHolidays', () => {
  it('lists the 2026 holidays as observed (Independence Day on a Saturday is observed on Friday 3 July)', () => {
    expect(usFederalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes New Year’s Day 2028 (a Saturday) on Friday 31 December 2027', () => {
    expect(usFederalHolidays(2028)[0]).toBe('2027-12-31');
    expect(isBusinessDay(at('2027-12-31T00:00:00Z'), usFederalHolidays)).toBe(false);
  });
});

describe('adverseActionRuleFor', () => {
  it('takes the most specific row: the state’s, else the country’s; none outside a country of the table', () => {
    expect(adverseActionRuleFor({ country: 'US', province_state: 'CA', city: 'Oakland' })?.jurisdiction).toBe('US-CA');
    expect(adverseActionRuleFor({ country: 'us', province_state: 'NY', city: 'Albany' })?.jurisdiction).toBe('US');
    expect(adverseActionRuleFor({ country: 'US' })?.waitingBusinessDays).toBe(5);
    expect(adverseActionRuleFor({ country: 'CA', province_state: 'ON' })).toBeNull();
  });

  it('reads another jurisdiction from a row, without code', () => {
    const rules = [
      ...ADVERSE_ACTION_RULES,
      { ...ADVERSE_ACTION_RULES[0]!, jurisdiction: 'US-NY-New York', name: 'New York City', waitingBusinessDays: 8 },
    ];
    expect(adverseActionRuleFor({ country: 'US', province_state: 'NY', city: 'new york' }, rules)).toMatchObject({
      name: 'New York City',
      waitingBusinessDays: 8,
    });
  });
});
