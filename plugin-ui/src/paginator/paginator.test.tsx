import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { pageCount, pageRange, visiblePages } from './paginator';
import { Paginator } from './Paginator';
import { createTestI18n } from '../testing/i18n';

describe('page range', () => {
  it('computes x to y of z', () => {
    expect(pageRange(1, 10, 35)).toEqual({ from: 1, to: 10, total: 35 });
    expect(pageRange(4, 10, 35)).toEqual({ from: 31, to: 35, total: 35 });
    expect(pageRange(9, 10, 35)).toEqual({ from: 31, to: 35, total: 35 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(pageCount(10, 35)).toBe(4);
    expect(visiblePages(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(visiblePages(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('<Paginator>', () => {
  it("shows 'Viendo x a y de z' and moves between pages", () => {
    const onPageChange = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <Paginator page={2} pageSize={10} total={35} onPageChange={onPageChange} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 11 a 20 de 35');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Página 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  });
});
