import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFrom, saveFile } from './download';

describe('fileNameFrom', () => {
  it('reads the quoted, the bare and the extended filename parameter', () => {
    expect(fileNameFrom('attachment; filename="sift-data-2026-01-02.zip"', 'x')).toBe('sift-data-2026-01-02.zip');
    expect(fileNameFrom('attachment; filename=sift.opml', 'x')).toBe('sift.opml');
    expect(fileNameFrom(`attachment; filename="a.json"; filename*=UTF-8''caf%C3%A9.json`, 'x')).toBe('café.json');
    expect(fileNameFrom('attachment; filename="say \\"hi\\".txt"', 'x')).toBe('say "hi".txt');
  });

  it('falls back without a header or a usable name, and keeps only the last path segment', () => {
    expect(fileNameFrom(null, 'fallback.zip')).toBe('fallback.zip');
    expect(fileNameFrom('attachment', 'fallback.zip')).toBe('fallback.zip');
    expect(fileNameFrom('attachment; filename=".."', 'fallback.zip')).toBe('fallback.zip');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'fallback.zip')).toBe('passwd');
  });
});

describe('saveFile', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a temporary download link on an object URL, then releases the URL', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:sift/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    saveFile(new Blob(['hello']), 'hello.txt');
    expect(create).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    const clicked = click.mock.contexts[0] as HTMLAnchorElement;
    expect(clicked.download).toBe('hello.txt');
    expect(clicked.getAttribute('href')).toBe('blob:sift/1');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:sift/1');
  });
});
