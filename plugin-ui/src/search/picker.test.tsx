import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SearchPicker, type SearchPickerTexts } from './SearchPicker';
import { createTestI18n } from '../testing/i18n';

interface Item {
  id: number;
  name: string;
  code: string;
}

const items: Item[] = [
  { id: 1, name: 'Ana García', code: '12345678Z' },
  { id: 2, name: 'Luis Pérez', code: '' },
];

function setup(find: (text: string) => Promise<Item[]>, taken?: (item: Item) => boolean, texts?: SearchPickerTexts) {
  const onChoose = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <SearchPicker<Item> label="Proveedores" find={find} itemKey={(i) => i.id} itemLabel={(i) => i.name} itemDetail={(i) => i.code} onChoose={onChoose} taken={taken} debounceMs={0} texts={texts} />
    </I18nextProvider>,
  );
  const group = screen.getByRole('group', { name: 'Proveedores' });
  const search = (text: string) => {
    const box = within(group).getByRole('searchbox', { name: 'Buscar' });
    // no pause: typing searches at once
    fireEvent.change(box, { target: { value: text } });
  };
  return { onChoose, group, search };
}

describe('<SearchPicker>', () => {
  it('lists what the search finds, with its detail; choosing one hands it over and closes the results', async () => {
    const find = vi.fn(async () => items);
    const { onChoose, group, search } = setup(find, (i) => i.id === 2);
    search(' gar ');
    const results = await within(group).findByRole('list', { name: 'Resultados de la búsqueda' });
    expect(find).toHaveBeenLastCalledWith('gar');
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana García · 12345678ZElegir', 'Luis Pérez · ya elegidoElegir']);
    expect(within(results).getByRole('button', { name: 'Elegir Luis Pérez' })).toBeDisabled();
    fireEvent.click(within(results).getByRole('button', { name: 'Elegir Ana García' }));
    expect(onChoose).toHaveBeenCalledWith(items[0]);
    expect(within(group).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when nothing is found, shows the reason of a failed search, and an emptied box clears', async () => {
    const find = vi.fn<(text: string) => Promise<Item[]>>(async () => []);
    const { group, search } = setup(find);
    search('zz');
    expect(await within(group).findByText('No se ha encontrado nada')).toBeInTheDocument();
    find.mockRejectedValueOnce({ code: 'SERVICE-000', data: null, details: 'El servicio de contactos no está activo' });
    search('zzz');
    expect(await within(group).findByRole('alert')).toHaveTextContent('El servicio de contactos no está activo');
    find.mockRejectedValueOnce({ code: 'X', data: null, details: '' });
    search('zzzz');
    await waitFor(() => expect(within(group).getByRole('alert')).toHaveTextContent('No se ha podido buscar'));
    search('');
    await waitFor(() => expect(within(group).queryByRole('alert')).not.toBeInTheDocument());
    expect(find).toHaveBeenCalledTimes(3);
  });

  it('an older answer arriving after a newer one is dropped', async () => {
    let release!: (items: Item[]) => void;
    const find = vi.fn((text: string) => (text === 'an' ? new Promise<Item[]>((r) => (release = r)) : Promise.resolve([items[1]])));
    const { group, search } = setup(find);
    search('an');
    search('lu');
    expect(await within(group).findByRole('button', { name: 'Elegir Luis Pérez' })).toBeInTheDocument();
    release([items[0]]);
    await new Promise((r) => setTimeout(r, 0));
    expect(within(group).queryByRole('button', { name: 'Elegir Ana García' })).not.toBeInTheDocument();
  });

  it("a plugin's own wording replaces the kit's: the list's name, the button's, taken, nothing found, a failure without a reason", async () => {
    const find = vi.fn<(text: string) => Promise<Item[]>>(async () => items);
    const texts: SearchPickerTexts = {
      results: 'Contactos encontrados',
      none: 'Ningún contacto coincide',
      taken: 'ya está en la carpeta',
      error: 'Sin respuesta',
      chooseNamed: (name) => `Elegir a ${name}`,
    };
    const { onChoose, group, search } = setup(find, (i) => i.id === 2, texts);
    search('ana');
    const results = await within(group).findByRole('list', { name: 'Contactos encontrados' });
    expect(within(results).getByRole('button', { name: 'Elegir a Luis Pérez' })).toBeDisabled();
    expect(within(results).getAllByRole('listitem')[1]).toHaveTextContent('Luis Pérez · ya está en la carpeta');
    fireEvent.click(within(results).getByRole('button', { name: 'Elegir a Ana García' }));
    expect(onChoose).toHaveBeenCalledWith(items[0]);
    find.mockResolvedValueOnce([]);
    search('zz');
    expect(await within(group).findByText('Ningún contacto coincide')).toBeInTheDocument();
    find.mockRejectedValueOnce({ code: 'X', data: null, details: '' });
    search('zzz');
    expect(await within(group).findByRole('alert')).toHaveTextContent('Sin respuesta');
  });
});
