import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLANK } from './image-fallback';
import { initialsOf } from './initials-of';

let root: HTMLElement;
beforeEach(() => {
  root = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  root.remove();
});

/** An image as the app draws it, which then fails to load. */
function failing(html: string): HTMLImageElement {
  root.insertAdjacentHTML('beforeend', html);
  const img = root.lastElementChild as HTMLImageElement;
  img.dispatchEvent(new Event('error'));
  return img;
}
const drawn = (img: HTMLImageElement) => decodeURIComponent(img.getAttribute('src')!.replace(/^data:image\/svg\+xml,/, ''));

// Issue 31: failed thumbnails and avatars showed the browser's broken-image glyph.
describe('image fallback', () => {
  it("marks a failed thumbnail for the neutral block with the app's icon, in the same element (size, classes, alt kept)", () => {
    const img = failing('<img class="cover" src="/media/gone.webp" alt="Cover of Jazz" width="320" height="180">');
    expect(img.dataset.failed).toBe('');
    expect(img.getAttribute('src')).toBe(BLANK);
    expect([img.className, img.alt, img.width, img.height]).toEqual(['cover', 'Cover of Jazz', 320, 180]);
  });

  it('draws a failed avatar with the initials of whom it shows', async () => {
    const img = failing('<img class="avatar" src="https://yt3.example/gone.jpg" alt="" width="36" height="36" data-name="Ada Lovelace">');
    await waitFor(() => expect(img.dataset.failed).toBe('initials'));
    expect(drawn(img)).toMatch(/<text [^>]*>AL<\/text>/);
  });

  it('leaves a placeholder that fails as it is, rather than trying again', async () => {
    // The initials' picture, not the blank one: put back, the blank would be the same address and prove nothing.
    const img = failing('<img class="avatar" src="https://yt3.example/gone.jpg" alt="" data-name="Ada Lovelace">');
    await waitFor(() => expect(img.dataset.failed).toBe('initials'));
    const placeholder = img.getAttribute('src');
    img.dispatchEvent(new Event('error'));
    expect([img.getAttribute('src'), img.dataset.failed]).toEqual([placeholder, 'initials']);
  });

  it('takes the initials of the first two words', () => {
    expect([initialsOf('Ada Lovelace'), initialsOf('  jazz  '), initialsOf('Ann Mary Smith'), initialsOf(''), initialsOf('émile zola')]).toEqual(['AL', 'J', 'AM', '', 'ÉZ']);
  });
});
