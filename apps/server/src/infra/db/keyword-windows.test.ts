import { describe, expect, it } from 'vitest';
import { dayLexemes, dayOf, windowEnd } from './keyword-match.js';

const DAY = 86_400_000;
/** The UTC days a lexeme stands for (a month lexeme: every day of the month). */
function daysOf(lexeme: string): number[] {
  const digits = lexeme.slice(1);
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6)) - 1;
  if (digits.length === 8) return [Date.UTC(year, month, Number(digits.slice(6, 8))) / DAY];
  const days: number[] = [];
  for (let d = Date.UTC(year, month, 1) / DAY; d < Date.UTC(year, month + 1, 1) / DAY; d++) days.push(d);
  return days;
}

describe('the day windows of a filtered feed (decisions/054)', () => {
  it('select every day asked, each by one lexeme: a few days by theirs, more of a month by the month', () => {
    const start = dayOf(new Date('2026-11-29T17:00:00Z'));
    for (const [first, length] of [[start, 1], [start, 4], [start - 3, 40], [start, 400], [dayOf(new Date('2024-02-29T00:00:00Z')), 61]] as const) {
      const last = first - length + 1;
      const lexemes = dayLexemes(first, last);
      const covered = lexemes.flatMap(daysOf);
      expect(new Set(covered).size).toBe(covered.length);
      for (let day = last; day <= first; day++) expect(covered).toContain(day);
    }
    expect(dayLexemes(dayOf(new Date('2026-10-31T12:00:00Z')), dayOf(new Date('2026-10-01T00:00:00Z')))).toEqual(['~202610']);
    expect(dayLexemes(dayOf(new Date('2026-11-02T12:00:00Z')), dayOf(new Date('2026-10-31T00:00:00Z')))).toEqual(['~20261102', '~20261101', '~20261031']);
    expect(dayLexemes(dayOf(new Date('2026-11-20T12:00:00Z')), dayOf(new Date('2026-11-10T00:00:00Z')))).toEqual(['~202611']);
  });

  it("end at a month's first day rather than read part of the month by its lexeme", () => {
    const day = (iso: string) => dayOf(new Date(iso));
    const nov29 = day('2026-11-29T17:00:00Z');
    expect(windowEnd(nov29, nov29, 0)).toBe(nov29);
    expect(windowEnd(nov29, nov29 - 2, 0)).toBe(nov29 - 2);
    expect(windowEnd(nov29, nov29 - 3, 0)).toBe(day('2026-11-01T00:00:00Z'));
    expect(windowEnd(nov29, day('2026-10-30T00:00:00Z'), 0)).toBe(day('2026-10-30T00:00:00Z'));
    expect(windowEnd(nov29, day('2026-10-20T00:00:00Z'), 0)).toBe(day('2026-10-01T00:00:00Z'));
    expect(windowEnd(nov29, nov29 - 10, nov29 - 12)).toBe(nov29 - 12);
  });
});
