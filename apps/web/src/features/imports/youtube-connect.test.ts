import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { callbackFailure, connectFailureText, connectOutcomeOf, DEFAULT_RETURN, failureOf, safeReturn, youtubeReturn } from './youtube-connect';

afterEach(() => sessionStorage.clear());

describe('the way back from Google', () => {
  it('goes back only to the pages that connect', () => {
    expect(safeReturn('/importYoutubePlaylists')).toBe('/importYoutubePlaylists');
    expect(safeReturn('/importYoutubeChannels?x=1')).toBe('/importYoutubeChannels?x=1');
    expect(safeReturn('/youtubeImport')).toBe('/youtubeImport');
    expect(safeReturn('/profile')).toBeNull();
    expect(safeReturn('//evil.example/importYoutubeChannels')).toBeNull();
    expect(safeReturn('https://evil.example/')).toBeNull();
    expect(safeReturn(null)).toBeNull();
  });

  it('keeps the page in sessionStorage for one use, else the default import target', () => {
    youtubeReturn.remember('/importYoutubePlaylists');
    expect(youtubeReturn.take()).toBe('/importYoutubePlaylists');
    expect(youtubeReturn.take()).toBe(DEFAULT_RETURN);
    expect(DEFAULT_RETURN).toBe('/importYoutubeChannels');
    youtubeReturn.remember('/somewhere-else');
    expect(sessionStorage.getItem('sift.youtube_return')).toBeNull();
    sessionStorage.setItem('sift.youtube_return', 'https://evil.example/');
    expect(youtubeReturn.take()).toBe(DEFAULT_RETURN);
  });

  it('reads what Google sent back without a code', () => {
    expect(callbackFailure(new URLSearchParams('code=c&state=s'))).toBeNull();
    expect(callbackFailure(new URLSearchParams('error=access_denied&state=s'))).toEqual({ kind: 'failed', code: 'ACCESS_DENIED', message: '' });
    expect(callbackFailure(new URLSearchParams('error=server_error&error_description=oops'))).toEqual({ kind: 'failed', code: 'OAUTH_FAILED', message: 'oops' });
    expect(callbackFailure(new URLSearchParams('state=s'))).toEqual({ kind: 'failed', code: 'NO_CODE', message: '' });
  });

  it('turns a failed exchange into words, with a way to try again where it can help', () => {
    const scope = failureOf(new ApiRequestError({ status: 403, message: 'server words', code: 'SCOPE_NOT_GRANTED' }));
    expect(scope).toEqual({ kind: 'failed', code: 'SCOPE_NOT_GRANTED', message: 'server words' });
    expect(connectFailureText(scope)).toMatchObject({ retry: true, text: expect.stringContaining('leave the YouTube box ticked') });
    expect(connectFailureText({ kind: 'failed', code: 'PROVIDER_DISABLED', message: '' }).retry).toBe(false);
    expect(connectFailureText({ kind: 'failed', code: 'OAUTH_FAILED', message: 'Google did not accept this permission. Try again.' }).text).toBe(
      'Google did not accept this permission. Try again.',
    );
    expect(failureOf(new ApiRequestError({ status: 0, message: 'x' })).code).toBe('NO_RESPONSE');
    expect(failureOf(new Error('boom'))).toEqual({ kind: 'failed', code: 'UNKNOWN', message: '' });
  });

  it('finds the outcome in a navigation state, and nothing in any other', () => {
    expect(connectOutcomeOf({ youtubeConnect: { kind: 'connected' } })).toEqual({ kind: 'connected' });
    expect(connectOutcomeOf({ youtubeConnect: { kind: 'failed', code: 'STATE_INVALID', message: 'm' } })).toEqual({ kind: 'failed', code: 'STATE_INVALID', message: 'm' });
    expect(connectOutcomeOf({ showModal: 'login' })).toBeNull();
    expect(connectOutcomeOf(null)).toBeNull();
    expect(connectOutcomeOf({ youtubeConnect: { kind: 'other' } })).toBeNull();
  });
});
