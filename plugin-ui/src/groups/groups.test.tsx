import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../testing/i18n';
import { ToastProvider } from '../toast/ToastProvider';
import { ConfirmProvider } from '../confirm/ConfirmProvider';
import { useLoad } from '../record/useLoad';
import { chipColors, hexColor } from './color';
import { GroupChip } from './GroupChip';
import { GroupsPanel, type GroupsPanelProps } from './GroupsPanel';

interface Group {
  id: number;
  name: string;
  color: string;
  count: number;
}

const initial = (): Group[] => [
  { id: 1, name: 'Flota', color: '#F1416C', count: 2 },
  { id: 2, name: 'Reuniones', color: '#fc0', count: 1 },
  { id: 3, name: 'Secretaría', color: '', count: 0 },
];

type Overrides = Partial<Omit<GroupsPanelProps<Group>, 'groups'>>;

/** The panel over a fake store of groups (`start`, else `initial()`); `list` fails while `failing` is set. */
function setup(overrides: Overrides = {}, options: { failing?: boolean; start?: Group[] } = {}) {
  let groups = options.start ?? initial();
  let failing = options.failing ?? false;
  const list = vi.fn(async () => {
    if (failing) throw { code: 'SERVER-000', data: null, details: 'Error interno' };
    return groups;
  });
  const mocks = {
    create: vi.fn(async (fields: { name?: string; color?: string }) => {
      groups = [...groups, { id: 4, name: fields.name ?? '', color: fields.color ?? '', count: 0 }];
      return groups[3];
    }),
    update: vi.fn(async (id: number, fields: { name?: string; color?: string }) => {
      groups = groups.map((g) => (g.id === id ? { ...g, ...fields } : g));
    }),
    remove: vi.fn(async (id: number) => {
      groups = groups.filter((g) => g.id !== id);
      return { released: 2 };
    }),
    onChanged: vi.fn(),
  };
  const props = {
    countLabel: (g: Group) => `${g.count} fichas`,
    deleteMessage: (g: Group) => `¿Eliminar el grupo «${g.name}»? Sus fichas se quedan sin grupo.`,
    ...mocks,
    ...overrides,
  };
  function Harness() {
    const loaded = useLoad(list);
    return <GroupsPanel<Group> {...props} groups={loaded} />;
  }
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastProvider>
        <ConfirmProvider>
          <Harness />
        </ConfirmProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
  const panel = screen.getByTestId('groups-panel');
  return { props: mocks, list, panel, recover: () => (failing = false) };
}

const items = async (panel: HTMLElement) => (await within(panel).findAllByTestId('group')).map((li) => li.textContent);

describe('group colours', () => {
  it('reads #RGB and #RRGGBB as a colour input takes them, and nothing else', () => {
    expect(hexColor('#F1416C')).toBe('#f1416c');
    expect(hexColor(' #fc0 ')).toBe('#ffcc00');
    expect(hexColor('')).toBeNull();
    expect(hexColor(null)).toBeNull();
    expect(hexColor('red')).toBeNull();
    expect(hexColor('#12345')).toBeNull();
  });

  it('puts dark text on a light colour and white on a dark one', () => {
    expect(chipColors('#fc0')).toEqual({ backgroundColor: '#ffcc00', color: '#181c32' });
    expect(chipColors('#181c32')).toEqual({ backgroundColor: '#181c32', color: '#ffffff' });
    expect(chipColors('#7239ea')).toEqual({ backgroundColor: '#7239ea', color: '#ffffff' });
    expect(chipColors('#f1416c')).toEqual({ backgroundColor: '#f1416c', color: '#181c32' });
    expect(chipColors(undefined)).toBeNull();
  });

  it('<GroupChip> draws the name on its colour, or "Sin grupo"', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <GroupChip name="Flota" color="#181c32" />
        <GroupChip name={null} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('group-chip')).toHaveTextContent('Flota');
    expect(screen.getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#181c32', color: '#ffffff' });
    expect(screen.getByTestId('no-group')).toHaveTextContent('Sin grupo');
  });

  it('<GroupChip look="dot"> draws the name after a dot in its colour (the primary without one)', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <GroupChip look="dot" name="Flota" color=" #F1416C " />
        <GroupChip look="dot" name="Secretaría" color="" />
        <GroupChip look="dot" name={undefined} color="#fc0" />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('group-chip')).not.toBeInTheDocument();
    const [flota, secretaria] = screen.getAllByTestId('group-label');
    expect(flota).toHaveTextContent(/^Flota$/);
    const dot = within(flota).getByTestId('group-dot');
    expect(dot).toHaveAttribute('data-color', '#f1416c');
    expect(dot).toHaveAttribute('aria-hidden', 'true');
    expect(dot).toHaveStyle({ backgroundColor: '#f1416c' });
    expect(secretaria).toHaveTextContent(/^Secretaría$/);
    expect(within(secretaria).getByTestId('group-dot')).not.toHaveAttribute('data-color');
    expect(within(secretaria).getByTestId('group-dot').getAttribute('style')).toBeNull();
    expect(screen.getByTestId('no-group')).toHaveTextContent('Sin grupo');
  });
});

describe('<GroupsPanel>', () => {
  it('lists each group as its chip with its count, plain without a colour', async () => {
    const { panel } = setup();
    expect(within(panel).getByRole('heading', { name: 'Grupos' })).toBeInTheDocument();
    expect(await items(panel)).toEqual(['Flota2 fichasEditarEliminar', 'Reuniones1 fichasEditarEliminar', 'Secretaría0 fichasEditarEliminar']);
    const chips = within(panel).getAllByTestId('group-chip');
    expect(chips[0]).toHaveStyle({ backgroundColor: '#f1416c' });
    expect(chips[2].getAttribute('style')).toBeNull();
  });

  it('says when there are none, and when they cannot be read, with a retry', async () => {
    const { panel, recover } = setup({}, { failing: true });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Error interno');
    recover();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await within(panel).findAllByTestId('group')).toHaveLength(3);
  });

  it('"Crear grupo": the name required and at most 100 characters, the host\'s errors under their field, then the groups again', async () => {
    const { panel, props, list } = setup();
    await items(panel);
    const form = within(panel).getByRole('form', { name: 'Nuevo grupo' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'x'.repeat(101) } });
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Como máximo 100 caracteres');
    expect(props.create).not.toHaveBeenCalled();

    props.create.mockRejectedValueOnce([{ code: 'CONFLICT-000', data: { field: 'name' }, details: 'Ya existe un grupo con ese nombre' }]);
    const color = within(form).getByLabelText('Color');
    expect(color).toHaveValue('#009ef7');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Flota ' } });
    fireEvent.change(color, { target: { value: '#50cd89' } });
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
    expect(props.create).toHaveBeenLastCalledWith({ name: 'Flota', color: '#50cd89' });

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Exámenes' } });
    submit();
    expect(await screen.findByText('Grupo Exámenes creado')).toBeInTheDocument();
    expect(props.create).toHaveBeenLastCalledWith({ name: 'Exámenes', color: '#50cd89' });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(props.onChanged).toHaveBeenCalledWith();
    // the form starts again
    expect(within(panel).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('');
    expect(within(panel).getByLabelText('Color')).toHaveValue('#009ef7');
  });

  it('"Editar" changes the name or colour in place, sending only what changed', async () => {
    const { panel, props, list } = setup();
    await items(panel);
    fireEvent.click(within(panel).getByRole('button', { name: 'Editar el grupo Reuniones' }));
    let form = within(panel).getByRole('form', { name: 'Editar el grupo Reuniones' });
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Reuniones');
    expect(within(form).getByLabelText('Color')).toHaveValue('#ffcc00');
    // nothing changed: nothing sent
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(props.update).not.toHaveBeenCalled();
    expect(within(panel).queryByRole('form', { name: 'Editar el grupo Reuniones' })).not.toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: 'Editar el grupo Reuniones' }));
    form = within(panel).getByRole('form', { name: 'Editar el grupo Reuniones' });
    props.update.mockRejectedValueOnce([{ code: 'REQ-102', data: { field: 'color' }, details: 'El color no es válido' }]);
    fireEvent.change(within(form).getByLabelText('Color'), { target: { value: '#7239ea' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-color')).toHaveTextContent('El color no es válido');
    expect(props.update).toHaveBeenLastCalledWith(2, { color: '#7239ea' });

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Claustro' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Grupo Claustro guardado')).toBeInTheDocument();
    expect(props.update).toHaveBeenLastCalledWith(2, { name: 'Claustro', color: '#7239ea' });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(props.onChanged).toHaveBeenCalledWith();
    expect(await items(panel)).toContain('Claustro1 fichasEditarEliminar');

    // a group without a colour keeps none unless one is chosen; "Cancelar" closes the form
    fireEvent.click(within(panel).getByRole('button', { name: 'Editar el grupo Secretaría' }));
    form = within(panel).getByRole('form', { name: 'Editar el grupo Secretaría' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Oficina' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Grupo Oficina guardado')).toBeInTheDocument();
    expect(props.update).toHaveBeenLastCalledWith(3, { name: 'Oficina' });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
    fireEvent.click(within(panel).getByRole('button', { name: 'Editar el grupo Flota' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    expect(within(panel).queryByRole('form', { name: 'Editar el grupo Flota' })).not.toBeInTheDocument();
  });

  it('"Eliminar" asks first with what becomes of the records, then says what the host answered', async () => {
    const { panel, props, list } = setup({ deletedMessage: (g, answer) => `Grupo ${g.name} eliminado: ${(answer as { released: number }).released} fichas sin grupo` });
    await items(panel);
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Flota' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el grupo' });
    expect(dialog).toHaveTextContent('¿Eliminar el grupo «Flota»? Sus fichas se quedan sin grupo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(props.remove).not.toHaveBeenCalled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Flota' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Flota eliminado: 2 fichas sin grupo')).toBeInTheDocument();
    expect(props.remove).toHaveBeenCalledWith(1);
    expect(props.onChanged).toHaveBeenCalledWith(1);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));

    props.remove.mockRejectedValueOnce([{ code: 'NOT-FOUND-000', data: null, details: 'No se encuentra el grupo' }]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Reuniones' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await within(panel).findByTestId('groups-panel-errors')).toHaveTextContent('No se encuentra el grupo');
  });

  it('without `update` offers no "Editar", and without `colors` sends only the name', async () => {
    const { panel, props } = setup({ update: undefined, colors: false, countLabel: undefined });
    expect(await items(panel)).toEqual(['FlotaEliminar', 'ReunionesEliminar', 'SecretaríaEliminar']);
    expect(within(panel).queryByLabelText('Color')).not.toBeInTheDocument();
    within(panel).getAllByTestId('group-chip').forEach((chip) => expect(chip.getAttribute('style')).toBeNull());
    fireEvent.change(within(panel).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Exámenes' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    await waitFor(() => expect(props.create).toHaveBeenCalledWith({ name: 'Exámenes' }));
    expect(await screen.findByText('Grupo Exámenes creado')).toBeInTheDocument();
  });
  it('"Sin color" (`noColor`) sends the group without a colour; the same form is empty again once created', async () => {
    const { panel, props } = setup({ noColor: true });
    await items(panel);
    const form = within(panel).getByRole('form', { name: 'Nuevo grupo' });
    const color = within(form).getByLabelText('Color');
    const bare = within(form).getByRole('checkbox', { name: 'Sin color' });
    expect(bare).not.toBeChecked();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Exámenes' } });
    fireEvent.change(color, { target: { value: '#50cd89' } });
    fireEvent.click(bare);
    expect(color).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Exámenes creado')).toBeInTheDocument();
    expect(props.create).toHaveBeenLastCalledWith({ name: 'Exámenes', color: '' });
    // the form kept (not drawn again) and empty: the name, the colour and "Sin color" as at first
    expect(within(panel).getByRole('form', { name: 'Nuevo grupo' })).toBe(form);
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('');
    expect(color).toHaveValue('#009ef7');
    expect(color).toBeEnabled();
    expect(bare).not.toBeChecked();
    // unchecked, the colour chosen goes
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Prácticas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    await waitFor(() => expect(props.create).toHaveBeenLastCalledWith({ name: 'Prácticas', color: '#009ef7' }));

    // a group without a colour is changed with "Sin color" checked: nothing changed, nothing sent
    fireEvent.click(within(panel).getByRole('button', { name: 'Editar el grupo Secretaría' }));
    let edit = within(panel).getByRole('form', { name: 'Editar el grupo Secretaría' });
    expect(within(edit).getByRole('checkbox', { name: 'Sin color' })).toBeChecked();
    expect(within(edit).getByLabelText('Color')).toBeDisabled();
    fireEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    // one with a colour loses it
    fireEvent.click(within(panel).getByRole('button', { name: 'Editar el grupo Flota' }));
    edit = within(panel).getByRole('form', { name: 'Editar el grupo Flota' });
    expect(within(edit).getByRole('checkbox', { name: 'Sin color' })).not.toBeChecked();
    fireEvent.click(within(edit).getByRole('checkbox', { name: 'Sin color' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(props.update).toHaveBeenLastCalledWith(1, { color: '' }));
  });

  it('takes its own first colour (sent as given), dots instead of chips, its own "none" and refusal texts', async () => {
    const { panel, props } = setup({
      update: undefined,
      countLabel: undefined,
      defaultColor: '#009EF7',
      look: 'dot',
      refusal: (e) => `${e.details}: ${(e.data as { reason: string }).reason}`,
    });
    expect(await items(panel)).toEqual(['FlotaEliminar', 'ReunionesEliminar', 'SecretaríaEliminar']);
    expect(within(panel).queryByTestId('group-chip')).not.toBeInTheDocument();
    expect(within(panel).getAllByTestId('group-label').map((l) => l.textContent)).toEqual(['Flota', 'Reuniones', 'Secretaría']);
    expect(within(panel).getAllByTestId('group-dot').map((d) => d.getAttribute('data-color'))).toEqual(['#f1416c', '#ffcc00', null]);

    const form = within(panel).getByRole('form', { name: 'Nuevo grupo' });
    expect(within(form).getByLabelText('Color')).toHaveValue('#009ef7');
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Exámenes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    await waitFor(() => expect(props.create).toHaveBeenLastCalledWith({ name: 'Exámenes', color: '#009EF7' }));

    props.remove.mockRejectedValueOnce([{ code: 'PERMISSION-000', data: { reason: 'Solo quien lo creó' }, details: 'No tiene permiso' }]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Flota' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await within(panel).findByTestId('groups-panel-errors')).toHaveTextContent('No tiene permiso: Solo quien lo creó');
  });

  it('says "Todavía no hay grupos" without groups, or its own `empty` text', async () => {
    let { panel } = setup({}, { start: [] });
    expect(await within(panel).findByText('Todavía no hay grupos')).toBeInTheDocument();
    cleanup();
    ({ panel } = setup({ empty: 'No hay grupos' }, { start: [] }));
    expect(await within(panel).findByText('No hay grupos')).toBeInTheDocument();
    expect(within(panel).queryByText('Todavía no hay grupos')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('group')).not.toBeInTheDocument();
  });
});
