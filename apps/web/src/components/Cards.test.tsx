import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@sift/contracts';
import { Avatar, VideoCard } from './Cards';

const video = { type: 'video', id: 1, externalId: 'vid-2', title: 'Bronze Age Forts', name: 'Bronze Age Forts', thumbnail: '/t.webp', channelExternalId: 'UC1', channelName: 'Digs', channelThumbnail: null, durationSeconds: 600, numberOfViews: 1, numberOfLikes: 1, publishedAt: '2026-11-01T10:00:00Z', liveStatus: 'NONE', isShort: false } as unknown as Video;

beforeAll(() => {
  // jsdom has no matchMedia; the cards ask it for the name length of the screen.
  window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(cleanup);

/** Where the card's links to its video go: the thumbnail's (hidden from assistive tech) and the title's. */
function videoLinks(): string[] {
  return [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('/watch'));
}

describe('a video card inside a list (issue 31)', () => {
  it('plays inside the playlist or the sift whose page lists it: thumbnail and title name the list', () => {
    const { rerender } = render(<VideoCard video={video} context={{ playlist: { id: '7', name: 'Trip', owned: true } }} />, { wrapper: MemoryRouter });
    expect(videoLinks()).toEqual(['/watch?v=vid-2&p=7', '/watch?v=vid-2&p=7']);
    expect(screen.getByRole('link', { name: 'Bronze Age Forts' }).getAttribute('href')).toBe('/watch?v=vid-2&p=7');
    rerender(<VideoCard video={video} context={{ sift: { hash: 'h4sh', name: 'Forts' } }} />);
    expect(videoLinks()).toEqual(['/watch?v=vid-2&s=h4sh', '/watch?v=vid-2&s=h4sh']);
  });

  it('anywhere else plays the video alone (its channel as the queue)', () => {
    render(<VideoCard video={video} />, { wrapper: MemoryRouter });
    expect(videoLinks()).toEqual(['/watch?v=vid-2', '/watch?v=vid-2']);
  });
});

describe('an avatar without a picture', () => {
  it('shows the initials of whom it stands for (a channel known only by name)', () => {
    const { container } = render(<Avatar src="" name="Gone Gardens" size={40} />);
    expect(container.querySelector('.avatar--empty')?.textContent).toBe('GG');
  });
});
