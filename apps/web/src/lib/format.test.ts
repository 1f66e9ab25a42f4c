import { describe, expect, it } from 'vitest';
import { durationLabel, formatDate, formatDuration, formatNumber, formatRelativeTime } from './format';
import { loadLocale } from './i18n';

describe('formatNumber', () => {
  it('groups digits en-US style when not abbreviating', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(999_999)).toBe('999,999');
    expect(formatNumber(1_000_000)).toBe('1,000,000');
    expect(formatNumber(1_234_567_890)).toBe('1,234,567,890');
  });

  it('abbreviates at the K, M and G boundaries', () => {
    expect(formatNumber(999, true)).toBe('999');
    expect(formatNumber(1000, true)).toBe('1K');
    expect(formatNumber(999_999, true)).toBe('999K');
    expect(formatNumber(1_000_000, true)).toBe('1M');
    expect(formatNumber(999_999_999, true)).toBe('999M');
    expect(formatNumber(1_000_000_000, true)).toBe('1G');
    expect(formatNumber(25_000_000_000, true)).toBe('25G');
  });

  it('keeps one decimal below ten of a unit, flooring rather than rounding up', () => {
    expect(formatNumber(1234, true)).toBe('1.2K');
    expect(formatNumber(1999, true)).toBe('1.9K');
    expect(formatNumber(1_200_000, true)).toBe('1.2M');
    expect(formatNumber(4_100_000, true)).toBe('4.1M');
    expect(formatNumber(1_050_000, true)).toBe('1M');
    expect(formatNumber(12_345, true)).toBe('12K');
    expect(formatNumber(123_456_789, true)).toBe('123M');
  });

  it('treats non-finite input as zero', () => {
    expect(formatNumber(Number.NaN, true)).toBe('0');
  });
});

describe('formatDuration', () => {
  it('uses mm:ss below one hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(7)).toBe('00:07');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(59 * 60 + 59)).toBe('59:59');
  });

  it('uses h:mm:ss from one hour', () => {
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3600 + 2 * 60 + 5)).toBe('1:02:05');
    expect(formatDuration(36_000 + 59)).toBe('10:00:59');
  });

  it('floors fractions and clamps bad input to zero', () => {
    expect(formatDuration(59.9)).toBe('00:59');
    expect(formatDuration(-5)).toBe('00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });

  it('has a spoken form', () => {
    expect(durationLabel(3725)).toBe('1 hour 2 minutes 5 seconds');
    expect(durationLabel(60)).toBe('1 minute');
    expect(durationLabel(0)).toBe('0 seconds');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('picks the largest whole unit', () => {
    expect(formatRelativeTime(ago(30_000), now, 'en')).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(5 * 60_000), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600_000), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(3 * 86_400_000), now, 'en')).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 86_400_000), now, 'en')).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(90 * 86_400_000), now, 'en')).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86_400_000), now, 'en')).toBe('2 years ago');
  });

  it('says yesterday and now in words', () => {
    expect(formatRelativeTime(ago(86_400_000), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(0), now, 'en')).toBe('now');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});

describe('in other languages (Intl for the locale)', () => {
  it('groups and abbreviates numbers the locale’s way, still flooring', () => {
    expect(formatNumber(1_234_567, false, 'de')).toBe('1.234.567');
    expect(formatNumber(1_234_567, false, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatNumber(1_200_000, true, 'de')).toBe('1,2\u00a0Mio.');
    // Issue 31: German's compact notation left thousands whole ("803.803" beside "5,2 Mio."); one form for all counts.
    expect(formatNumber(803_803, true, 'de')).toBe('803\u00a0Tsd.');
    expect(formatNumber(1_234, true, 'de')).toBe('1,2\u00a0Tsd.');
    expect(formatNumber(999_999, true, 'de')).toBe('999\u00a0Tsd.');
    expect(formatNumber(999, true, 'de')).toBe('999');
    expect(formatNumber(5_234_567, true, 'de')).toBe('5,2\u00a0Mio.');
    expect(formatNumber(999_999, true, 'fr')).toBe('999\u00a0k');
    expect(formatNumber(1999, true, 'pt-BR')).toBe('1,9\u00a0mil');
  });

  it('names durations and dates in the locale’s words', () => {
    expect(durationLabel(3725, 'de')).toBe('1 Stunde 2 Minuten 5 Sekunden');
    expect(durationLabel(60, 'es')).toBe('1 minuto');
    expect(formatDate('2025-06-15T12:00:00Z', 'en')).toBe('June 15, 2025');
    expect(formatDate('2025-06-15T12:00:00Z', 'de')).toBe('15. Juni 2025');
    expect(formatDate('nope', 'de')).toBe('');
  });

  it('follows the active language when none is given, English keeping the spec’s forms', async () => {
    const now = Date.parse('2025-06-15T12:00:00Z');
    expect(formatNumber(1_200_000, true)).toBe('1.2M');
    await loadLocale('fr');
    expect(formatNumber(1_200_000, true)).toBe('1,2\u00a0M');
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('il y a 3 jours');
    await loadLocale('en');
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
});
