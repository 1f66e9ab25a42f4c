import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@sift/contracts';
import { FilterField } from '../../components/FilterField';
import { replayAddToPlaylist } from './actions';
import { playAllPath } from './components/PlaylistPage';

afterEach(cleanup);

describe('FilterField ("Find playlist", SPEC §2)', () => {
  it('applies on Enter and on blur, not on every keystroke', () => {
    const onApply = vi.fn();
    render(<FilterField label="Find playlist" onApply={onApply} />);
    const box = screen.getByRole('textbox', { name: 'Find playlist' });
    fireEvent.change(box, { target: { value: ' jazz ' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onApply).toHaveBeenLastCalledWith('jazz');
    fireEvent.change(box, { target: { value: 'rock' } });
    fireEvent.blur(box);
    expect(onApply).toHaveBeenLastCalledWith('rock');
  });

  it('shows its clear button only while there is text, and clearing applies the empty filter', () => {
    const onApply = vi.fn();
    render(<FilterField label="Find playlist" onApply={onApply} />);
    expect(screen.queryByRole('button', { name: 'Clear filter' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(onApply).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: 'Clear filter' })).toBeNull();
  });
});

describe('links and replays', () => {
  it('plays all from the first video with the playlist as the queue', () => {
    expect(playAllPath(12, { externalId: 'a_b-1' } as Video)).toBe('/watch?v=a_b-1&p=12');
    expect(playAllPath('wl', { externalId: 'x' } as Video)).toBe('/watch?v=x&p=wl');
  });

  it('replays "add to playlist" after login by opening its page for the saved video, and refuses an empty one', async () => {
    expect(await replayAddToPlaylist({ externalId: 'abc' }, { navigate: () => {} })).toEqual({ navigateTo: '/add-to-playlist?video=abc' });
    expect(() => replayAddToPlaylist({ externalId: '' }, { navigate: () => {} })).toThrow(/incomplete/);
  });
});
