import { describe, expect, it } from 'vitest';
import { parseTakeoutDate } from './takeout-dates.js';

const iso = (text: string): string | undefined => {
  const time = parseTakeoutDate(text);
  return time === undefined ? undefined : new Date(time).toISOString();
};

describe("Takeout's localised watch-history dates", () => {
  it.each([
    ['English (US), narrow space before PM', 'Jan 3, 2024, 10:15:30\u202fPM CET', '2024-01-03T21:15:30.000Z'],
    ['English (US), morning, summer time', 'Jul 14, 2023, 8:05:00 AM PDT', '2023-07-14T15:05:00.000Z'],
    ['English (UK)', '3 Jan 2024, 22:15:30 GMT', '2024-01-03T22:15:30.000Z'],
    ['French', '3 janv. 2024, 22:15:30 CET', '2024-01-03T21:15:30.000Z'],
    ['French, août', '15 août 2023, 09:00:00 CEST', '2023-08-15T07:00:00.000Z'],
    ['German', '03.01.2024, 22:15:30 MEZ', '2024-01-03T21:15:30.000Z'],
    ['German, summer time', '15.08.2023, 09:00:00 MESZ', '2023-08-15T07:00:00.000Z'],
    ['Spanish', '3 ene 2024, 22:15:30 CET', '2024-01-03T21:15:30.000Z'],
    ['Italian', '3 gen 2024, 22:15:30 CET', '2024-01-03T21:15:30.000Z'],
    ['Portuguese (Brazil)', '3 de jan. de 2024, 18:15:30 BRT', '2024-01-03T21:15:30.000Z'],
    ['Dutch', '3 mrt 2024 22:15:30 CET', '2024-03-03T21:15:30.000Z'],
    ['Japanese (year first, numbers)', '2024/01/03 22:15:30 JST', '2024-01-03T13:15:30.000Z'],
    ['an offset instead of a name', '3 janv. 2024, 22:15:30 UTC+01:00', '2024-01-03T21:15:30.000Z'],
    ['a zone not known here: taken as UTC', '3 Jan 2024, 22:15:30 XYZT', '2024-01-03T22:15:30.000Z'],
    ['Korean: "afternoon" before the time', '2024. 1. 3. 오후 10:15:30 KST', '2024-01-03T13:15:30.000Z'],
    ['Korean: "morning" before the time', '2024. 1. 3. 오전 12:05:00 KST', '2024-01-02T15:05:00.000Z'],
    ['Chinese: 下午 before the time, CST is China', '2024年1月3日 下午10:15:30 CST', '2024-01-03T14:15:30.000Z'],
    ['Japanese: 午後 before the time', '2024/01/03 午後10:15:30 JST', '2024-01-03T13:15:30.000Z'],
    ['English (US): CST is US Central', 'Jan 3, 2024, 10:15:30 PM CST', '2024-01-04T04:15:30.000Z'],
    ['English (India): IST on a 12-hour clock is India', '3 Jul 2024, 10:15:30 pm IST', '2024-07-03T16:45:30.000Z'],
    ['English (Ireland): IST on a 24-hour clock in summer is Irish summer time', '3 Jul 2024, 22:15:30 IST', '2024-07-03T21:15:30.000Z'],
    ['IST in January is India whatever the clock (Ireland writes GMT then)', '3 Jan 2024, 22:15:30 IST', '2024-01-03T16:45:30.000Z'],
  ])('%s: %s', (_language, text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    ['no year', '3 janv., 22:15:30'],
    ['no month', '2024, 22:15:30'],
    ['a day that does not exist', '31.02.2024, 10:00:00'],
    ['a time that does not exist', 'Jan 3, 2024, 25:15:30'],
    ['words only', 'gestern'],
  ])('reads %s as no date', (_case, text) => {
    expect(iso(text)).toBeUndefined();
  });
});
