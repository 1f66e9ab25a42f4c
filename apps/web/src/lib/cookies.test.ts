import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_DAYS, DISMISSED_MESSAGE_MS, readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the spec lifetimes', () => {
    expect(COOKIE_CONSENT_DAYS).toBe(365);
    expect(DISMISSED_MESSAGE_MS).toBe(2_592_000_000);
  });

  it('writes max-age in seconds, or a session cookie without it', () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => void written.push(v));
    writeCookie('sift_msg_7', '1', DISMISSED_MESSAGE_MS);
    writeCookie('sift_msg_8', '1', null);
    expect(written[0]).toContain('sift_msg_7=1');
    expect(written[0]).toContain('max-age=2592000');
    expect(written[0]).toContain('path=/');
    expect(written[1]).toContain('sift_msg_8=1');
    expect(written[1]).not.toContain('max-age');
  });

  it('reads a cookie by exact name', () => {
    const jar = 'a=1; sift_msg_1=1; sift_msg_10=yes; x=%20y';
    expect(readCookie('sift_msg_1', jar)).toBe('1');
    expect(readCookie('sift_msg_10', jar)).toBe('yes');
    expect(readCookie('x', jar)).toBe(' y');
    expect(readCookie('sift_msg_2', jar)).toBeNull();
  });
});
