import { describe, expect, it } from 'vitest';
import { lifeDates } from '../../demo/app/life-dates.js';

const NOW = Date.UTC(2026, 10, 29);

describe("the demo's life dates", () => {
  it('names the month and counts the age from the given day', () => {
    expect(lifeDates('1945-09-12', null, NOW)).toBe('12 September 1945 (age 81)');
    // The day before the birthday, the age is a year less.
    expect(lifeDates('1962-11-30', null, NOW)).toBe('30 November 1962 (age 63)');
    expect(lifeDates('1962-11-29', null, NOW)).toBe('29 November 1962 (age 64)');
  });

  it('says how old a person was when they died', () => {
    expect(lifeDates('1920-05-03', '2001-06-09', NOW)).toBe('3 May 1920 – 9 June 2001 (aged 81)');
    expect(lifeDates(null, '2001-06-09', NOW)).toBe('died 9 June 2001');
    expect(lifeDates('', '2001-06-09', NOW)).toBe('died 9 June 2001');
  });

  it('says nothing for a date the service does not know or sends malformed', () => {
    expect(lifeDates(null, null, NOW)).toBeUndefined();
    expect(lifeDates('', '', NOW)).toBeUndefined();
    expect(lifeDates('1945', null, NOW)).toBeUndefined();
    expect(lifeDates('1945-13-45', null, NOW)).toBe(undefined);
  });
});
