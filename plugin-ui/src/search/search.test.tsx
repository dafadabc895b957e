import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { searchQuery } from './search';
import { SearchInput } from './SearchInput';
import { createTestI18n } from '../testing/i18n';

describe('searchQuery', () => {
  it('trims, needs 2 characters, and gives "" when emptied', () => {
    expect(searchQuery('  ana  ')).toBe('ana');
    expect(searchQuery('a')).toBeNull();
    expect(searchQuery(' a ')).toBeNull();
    expect(searchQuery('   ')).toBe('');
    expect(searchQuery('')).toBe('');
    expect(searchQuery('ab', 3)).toBeNull();
  });
});

function setup(debounceMs = 0) {
  const onSearch = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <SearchInput onSearch={onSearch} debounceMs={debounceMs} />
    </I18nextProvider>,
  );
  return { onSearch, input: screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement };
}

describe('<SearchInput>', () => {
  it('searches while typing from 2 characters, trimmed', () => {
    const { onSearch, input } = setup();
    fireEvent.change(input, { target: { value: 'g' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'ga ' } });
    expect(onSearch).toHaveBeenLastCalledWith('ga');
    fireEvent.change(input, { target: { value: ' ga' } });
    expect(onSearch).toHaveBeenCalledTimes(1); // same query, no new search
  });

  it('searches on Enter, and clears once when emptied', () => {
    const { onSearch, input } = setup();
    fireEvent.change(input, { target: { value: 'garcía' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith('garcía');
    fireEvent.change(input, { target: { value: '' } });
    expect(onSearch).toHaveBeenLastCalledWith('');
    fireEvent.change(input, { target: { value: ' ' } });
    expect(onSearch).toHaveBeenCalledTimes(3);
  });

  it('does not search on Enter with one character', () => {
    const { onSearch, input } = setup();
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('waits for a pause in typing when debounced, Enter does not wait', () => {
    vi.useFakeTimers();
    try {
      const { onSearch, input } = setup(300);
      fireEvent.change(input, { target: { value: 'ma' } });
      fireEvent.change(input, { target: { value: 'mar' } });
      expect(onSearch).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(300));
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(onSearch).toHaveBeenLastCalledWith('mar');
      fireEvent.change(input, { target: { value: 'mart' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onSearch).toHaveBeenLastCalledWith('mart');
      act(() => vi.advanceTimersByTime(1000));
      expect(onSearch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
