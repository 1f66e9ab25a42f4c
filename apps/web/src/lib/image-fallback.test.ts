import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_PLACEHOLDER, installImageFallback } from './image-fallback';
import { initialsOf } from './initials';

let stop: () => void;
beforeEach(() => {
  stop = installImageFallback(document);
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

/** An image as the app draws it, which then fails to load. */
function failing(html: string): HTMLImageElement {
  document.body.insertAdjacentHTML('beforeend', html);
  const img = document.body.lastElementChild as HTMLImageElement;
  img.dispatchEvent(new Event('error'));
  return img;
}
const drawn = (img: HTMLImageElement) => decodeURIComponent(img.getAttribute('src')!.replace(/^data:image\/svg\+xml,/, ''));

// Issue 31: failed thumbnails and avatars showed the browser's broken-image glyph.
describe('image fallback', () => {
  it("draws a failed thumbnail as a neutral block with the app's icon, in the same element (size, classes, alt kept)", () => {
    const img = failing('<img class="cover" src="/media/gone.webp" alt="Cover of Jazz" width="320" height="180">');
    expect(img.getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    expect(drawn(img)).toContain('<path d="M3 5h18l-7 8v6l-4 2v-8z"/>');
    expect([img.className, img.alt, img.width, img.height]).toEqual(['cover', 'Cover of Jazz', 320, 180]);
  });

  it("draws a failed avatar with the initials of whom it shows", () => {
    const img = failing('<img class="avatar" src="https://yt3.example/gone.jpg" alt="" width="36" height="36" data-name="Ada Lovelace">');
    expect(drawn(img)).toMatch(/<text [^>]*>AL<\/text>/);
  });

  it('leaves a placeholder that fails as it is, rather than trying again', () => {
    const img = failing('<img src="/media/gone.webp" alt="">');
    const placeholder = img.getAttribute('src');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(placeholder);
  });

  it('takes the initials of the first two words', () => {
    expect([initialsOf('Ada Lovelace'), initialsOf('  jazz  '), initialsOf('Ann Mary Smith'), initialsOf(''), initialsOf('émile zola')]).toEqual(['AL', 'J', 'AM', '', 'ÉZ']);
  });
});
