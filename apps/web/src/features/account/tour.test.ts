import { describe, expect, it } from 'vitest';
import { ONBOARDING_PATHS } from '../../lib/paths';
import { tourNext, tourProgress, tourSteps } from './tour';

describe('the tour (issue 31: its count and its words agree, and it passes channels to follow before the feed)', () => {
  const on = { follow: true };
  const off = { follow: false };

  it('counts three steps: import, follow, Sifts; the welcome and the end are not steps', () => {
    expect(tourSteps(on)).toEqual(['import', 'follow', 'sifts']);
    expect(tourProgress('/welcome', on)).toBeNull();
    expect(tourProgress('/youtubeImportIntro', on)).toEqual({ step: 1, total: 3 });
    expect(tourProgress('/youtubeImport', on)).toEqual({ step: 1, total: 3 });
    expect(tourProgress('/followChannels', on)).toEqual({ step: 2, total: 3 });
    expect(tourProgress('/siftIntro', on)).toEqual({ step: 3, total: 3 });
    expect(tourProgress('/siftCreate', on)).toBeNull();
  });

  it('leads to the channels to follow whether the import is done or skipped, and ends on the feed', () => {
    const walk = (from: string, options = on) => {
      const seen = [from];
      while (seen.at(-1) !== '/feed' && seen.length < 10) seen.push(tourNext(seen.at(-1)!, options));
      return seen;
    };
    expect(walk('/welcome')).toEqual(['/welcome', '/youtubeImportIntro', '/followChannels', '/siftIntro', '/siftCreate', '/feed']);
    // "Skip" on the import's intro and "Continue" after the import both go on to following.
    expect(tourNext('/youtubeImportIntro', on)).toBe('/followChannels');
    expect(tourNext('/youtubeImport', on)).toBe('/followChannels');
    expect(tourNext('/welcome-old', on)).toBe('/youtubeImportIntro');
  });

  it('leaves following out where the server has follows off, and counts two steps then', () => {
    expect(tourSteps(off)).toEqual(['import', 'sifts']);
    expect(tourProgress('/siftIntro', off)).toEqual({ step: 2, total: 2 });
    expect(tourProgress('/followChannels', off)).toBeNull();
    expect(tourNext('/youtubeImport', off)).toBe('/siftIntro');
    expect(tourNext('/followChannels', off)).toBe('/siftIntro');
  });

  it('every step is an onboarding route (login required, footer hidden)', () => {
    for (const path of ['/welcome', '/youtubeImportIntro', '/youtubeImport', '/followChannels', '/siftIntro', '/siftCreate']) expect(ONBOARDING_PATHS).toContain(path);
  });
});
