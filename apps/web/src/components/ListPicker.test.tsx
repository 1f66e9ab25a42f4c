import { msg } from '@lingui/core/macro';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api';
import { ListPicker, type ListPickerTexts } from './ListPicker';

afterEach(cleanup);

// Any feature's words: the picker says what it is given.
const TEXTS: ListPickerTexts = { newButton: msg`New List`, nameLabel: msg`List name`, nameMissing: msg`Name the list.`, filter: msg`Find list`, list: msg`Your lists` };

type Item = { id: number; name: string; n: number };
const items: Item[] = [
  { id: 1, name: 'Jazz', n: 1 },
  { id: 2, name: 'Rock', n: 3 },
];

function picker(over: Partial<Parameters<typeof ListPicker<Item>>[0]> = {}) {
  const props = {
    texts: TEXTS,
    list: { items, isPending: false, isError: false, hasNextPage: false, fetchNextPage: vi.fn() },
    onFilter: vi.fn(),
    count: (i: Item) => `${i.n} ${i.n === 1 ? 'video' : 'videos'}`,
    onChoose: vi.fn(async () => {}),
    onCreate: vi.fn(async () => {}),
    ...over,
  };
  render(<ListPicker {...props} />);
  return props;
}

describe('ListPicker (SPEC §2 add-to-playlist / add-to-sift popup)', () => {
  it('lists the items with their counts under the list name, and chooses one', async () => {
    const props = picker();
    const list = screen.getByRole('list', { name: 'Your lists' });
    expect(list.textContent).toBe('Jazz1 videoRock3 videos');
    fireEvent.click(screen.getByRole('button', { name: /^Rock/ }));
    await waitFor(() => expect(props.onChoose).toHaveBeenCalledWith(items[1]));
  });

  it('applies the "Find …" filter on Enter', () => {
    const props = picker();
    const box = screen.getByRole('textbox', { name: 'Find list' });
    fireEvent.change(box, { target: { value: 'ja' } });
    expect(props.onFilter).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onFilter).toHaveBeenCalledWith('ja');
  });

  it('says "No results." and "Error returning results." as the infinite list does', () => {
    picker({ list: { items: [], isPending: false, isError: true, fetchNextPage: vi.fn() } });
    expect(screen.getByRole('list', { name: 'Your lists' }).textContent).toBe('No results.Error returning results.');
  });

  it('offers Load more while there is a next page', () => {
    const fetchNextPage = vi.fn();
    picker({ list: { items, isPending: false, isError: false, hasNextPage: true, fetchNextPage } });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalled();
  });

  it('New opens a focused name field; an empty name is refused, a name is created trimmed', async () => {
    const props = picker();
    fireEvent.click(screen.getByRole('button', { name: 'New List' }));
    const name = screen.getByRole('textbox', { name: 'List name' });
    expect(document.activeElement).toBe(name);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert').textContent).toContain('Name the list.');
    expect(props.onCreate).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '  Road trip ' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(props.onCreate).toHaveBeenCalledWith('Road trip'));
  });

  it('shows a failed add’s message above the list and lets the next try clear it', async () => {
    const onChoose = vi.fn().mockRejectedValueOnce(new ApiRequestError({ status: 409, message: 'Already in Jazz' })).mockResolvedValueOnce(undefined);
    picker({ onChoose });
    fireEvent.click(screen.getByRole('button', { name: /^Jazz/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Already in Jazz');
    fireEvent.click(screen.getByRole('button', { name: /^Rock/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
