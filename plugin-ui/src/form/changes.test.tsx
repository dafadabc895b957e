import { useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { changedFields, compactQuery, withoutNulls } from './changes';
import { indexedFieldErrors } from './indexed';
import { CheckListField } from './CheckListField';
import { useFieldErrors } from './fields';
import type { FormContext } from './inputs';
import { fileReadUrl } from '../upload/fileUrl';
import { createTestI18n } from '../testing/i18n';

describe('changedFields, withoutNulls, compactQuery', () => {
  it('keeps only what differs from the record, comparing lists and objects as JSON and missing values as null', () => {
    const record = { name: 'Curso B', price: 3800, ids: [1, 2], tax_id: null as number | null, extra: 'x' };
    expect(changedFields({ name: 'Curso B', price: 3800, ids: [1, 2], tax_id: null }, record)).toEqual({});
    expect(changedFields({ name: 'Curso B+', price: 3800, ids: [2, 1], tax_id: 5 }, record)).toEqual({ name: 'Curso B+', ids: [2, 1], tax_id: 5 });
    // a field the record lacks counts as null
    expect(changedFields({ image: null } as object, record)).toEqual({});
    expect(changedFields({ image: 4 } as object, record)).toEqual({ image: 4 });
  });

  it('leaves out what has no value', () => {
    expect(withoutNulls({ a: 1, b: null, c: undefined, d: '', e: 0, f: false })).toEqual({ a: 1, d: '', e: 0, f: false });
    expect(compactQuery({ search: '', page: 1, status: undefined, category_id: null, is_pack: false, state: 'active' })).toEqual({ page: 1, is_pack: false, state: 'active' });
  });

  it("fileReadUrl: the file's read URL with the session's token", () => {
    expect(fileReadUrl(7, 'a b')).toBe('/api/filesystem/file/read?file_id=7&token=a%20b');
    expect(fileReadUrl(7, null, '/x/')).toBe('/x/filesystem/file/read?file_id=7&token=');
  });
});

describe('indexedFieldErrors', () => {
  const failure = [
    { code: 'REQ-102', data: { field: 'category_ids[1]' }, details: 'La categoría no existe' },
    { code: 'REQ-102', data: { field: 'category_ids[7]' }, details: 'La categoría no existe' },
    { code: 'REQ-102', data: { field: 'pack_items[0].quantity' }, details: 'La cantidad debe estar entre 1 y 999' },
    { code: 'REQ-102', data: { field: 'name' }, details: 'Este campo es obligatorio' },
    { code: 'CONFLICT-000', data: null, details: 'Ya existe' },
  ];

  it("moves an entry's error to the list's field, named; the others stay as they are", () => {
    const names = ['Ofertas', 'Cursos'];
    const items = indexedFieldErrors(failure, 'category_ids', (i) => names[i]);
    expect(items.map((e) => [(e.data as { field?: string } | null)?.field ?? null, e.details])).toEqual([
      ['category_ids', 'Cursos: La categoría no existe'],
      ['category_ids', 'La categoría no existe'],
      ['pack_items[0].quantity', 'La cantidad debe estar entre 1 y 999'],
      ['name', 'Este campo es obligatorio'],
      [null, 'Ya existe'],
    ]);
    // chained, and a read's single error is a list too
    expect(indexedFieldErrors(indexedFieldErrors(failure, 'category_ids', () => undefined), 'pack_items', () => 'x')).toHaveLength(5);
    expect(indexedFieldErrors({ code: 'REQ-102', data: { field: 'ids[0]' }, details: 'No' }, 'ids', () => 'A')[0].details).toBe('A: No');
  });
});

function Choices({ onChange }: { onChange(value: string[]): void }) {
  const formId = useId();
  const errors = useFieldErrors(formId, ['category_ids']);
  const [value, setValue] = useState<string[]>(['2']);
  const ctx: FormContext = { formId, errors, disabled: false };
  return (
    <form aria-label="Ficha">
      <CheckListField
        ctx={ctx}
        field="category_ids"
        label="Categorías"
        options={[
          { value: '1', label: 'Cursos' },
          { value: '2', label: 'Libros' },
          { value: '3', label: 'Tasas' },
        ]}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        hint="Las que verá la tienda"
      />
      <button type="button" onClick={() => errors.fail([{ code: 'REQ-102', data: { field: 'category_ids' }, details: 'La categoría no existe' }], '')}>
        fail
      </button>
    </form>
  );
}

describe('<CheckListField>', () => {
  it('ticks and unticks, a new one at the end, and shows its error under the group', () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <Choices onChange={onChange} />
      </I18nextProvider>,
    );
    const group = screen.getByRole('group', { name: 'Categorías' });
    expect(within(group).getByRole('checkbox', { name: 'Libros' })).toBeChecked();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Cursos' }));
    expect(onChange).toHaveBeenLastCalledWith(['2', '1']);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Libros' }));
    expect(onChange).toHaveBeenLastCalledWith(['1']);
    expect(within(group).getByText('Las que verá la tienda')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(within(group).getByTestId('error-category_ids')).toHaveTextContent('La categoría no existe');
    expect(group).toHaveAttribute('aria-invalid', 'true');
  });
});
