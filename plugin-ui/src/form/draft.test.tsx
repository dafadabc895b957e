import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useDraftForm, type DraftFormOptions } from './useDraftForm';
import { FormMessages } from './fields';
import { InputField, SubmitActions } from './inputs';
import { errorList } from '../api/errors';
import { createTestI18n } from '../testing/i18n';

interface Draft {
  name: string;
  code: string;
}
interface Body {
  name: string;
  code: number | null;
}

const FIELDS = ['name', 'code'] as const;

const toBody = (d: Draft): Body | null => (d.name.trim() ? { name: d.name.trim(), code: d.code ? Number(d.code) : null } : null);
const validate = (d: Draft) => ({ code: /^\d*$/.test(d.code) ? undefined : 'Solo cifras' });

type Options = Partial<DraftFormOptions<Draft, Body>>;

function setup(options: Options = {}, initial: Draft = { name: '', code: '' }) {
  const onSubmit = vi.fn<(body: Body) => Promise<unknown>>(async () => undefined);
  function Form() {
    const form = useDraftForm<Draft, Body>(() => initial, { fields: FIELDS, toBody, required: 'name', onSubmit, fallback: 'No se ha podido guardar', ...options });
    const { ctx, draft, set } = form;
    return (
      <form aria-label="Ficha" aria-busy={form.busy} noValidate onSubmit={form.handleSubmit}>
        <FormMessages errors={form.errors.errors} general={form.errors.general} testId="ficha-errors" />
        <InputField ctx={ctx} field="name" label="Nombre" value={draft.name} required onChange={(name) => set({ name })} />
        <InputField ctx={ctx} field="code" label="Código" value={draft.code} onChange={(code) => set({ code })} />
        <SubmitActions busy={form.busy} label="Guardar">
          <button type="button">Cancelar</button>
        </SubmitActions>
      </form>
    );
  }
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Form />
    </I18nextProvider>,
  );
  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
  return { onSubmit, type, save };
}

describe('useDraftForm', () => {
  it('sends nothing while the required field is empty or a check fails, and shows every message at once', async () => {
    const { onSubmit, type, save } = setup({ validate });
    type(/Código/, '12a');
    save();
    expect(await screen.findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(screen.getByTestId('error-code')).toHaveTextContent('Solo cifras');
    expect(screen.getByTestId('ficha-errors')).toHaveTextContent('Revise los campos marcados');
    expect(screen.getByLabelText(/Nombre/)).toHaveAttribute('aria-invalid', 'true');
    // the required field alone
    type(/Código/, '12');
    save();
    expect(await screen.findByTestId('error-name')).toBeInTheDocument();
    expect(screen.queryByTestId('error-code')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends toBody's body, busy (fields disabled) until it is answered; the old errors go", async () => {
    let answer!: () => void;
    const { onSubmit, type, save } = setup();
    onSubmit.mockImplementationOnce(() => new Promise<void>((r) => (answer = r)));
    save();
    expect(await screen.findByTestId('error-name')).toBeInTheDocument();
    type(/Nombre/, '  Ana ');
    type(/Código/, '7');
    save();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', code: 7 });
    expect(screen.queryByTestId('error-name')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Ficha' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText(/Nombre/)).toBeDisabled();
    // <SubmitActions>: the page's buttons, then the submit, "Guardando…" and disabled meanwhile
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancelar', 'Guardando…']);
    expect(screen.getByRole('button', { name: 'Guardando…' })).toBeDisabled();
    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Ficha' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByLabelText(/Nombre/)).toBeEnabled();
    expect(screen.getByLabelText(/Nombre/)).toHaveValue('  Ana ');
  });

  it("shows a refusal: a field's error under it, the rest above (the fallback when it has no text); explain first, then onRefused", async () => {
    const onRefused = vi.fn();
    const explain = vi.fn((failure: unknown) => [...errorList(failure), { code: 'EXPLAINED', data: null, details: 'Explicado' }]);
    const { onSubmit, save } = setup({ explain, onRefused }, { name: 'Ana', code: '' });
    const refusal = [
      { code: 'CONFLICT-000', data: { field: 'name' }, details: 'Ya existe' },
      { code: 'X', data: { field: 'other' }, details: '' },
    ];
    onSubmit.mockRejectedValueOnce(refusal);
    save();
    expect(await screen.findByTestId('error-name')).toHaveTextContent('Ya existe');
    expect(screen.getByTestId('ficha-errors')).toHaveTextContent('X');
    expect(screen.getByTestId('ficha-errors')).toHaveTextContent('Explicado');
    expect(explain).toHaveBeenCalledWith(refusal);
    expect(onRefused).toHaveBeenCalledWith(refusal);
    expect(screen.getByLabelText(/Nombre/)).toBeEnabled();
    // an error with neither text nor code reads the fallback
    onSubmit.mockRejectedValueOnce({ code: '', data: null, details: '' });
    save();
    expect(await screen.findByText('No se ha podido guardar')).toBeInTheDocument();
    expect(screen.queryByTestId('error-name')).not.toBeInTheDocument();
  });

  it('`disabled` keeps the fields disabled; without `required` an empty toBody sends nothing and says nothing', async () => {
    const { onSubmit, save } = setup({ disabled: true, required: undefined });
    expect(screen.getByLabelText(/Nombre/)).toBeDisabled();
    save();
    await act(async () => undefined);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByTestId('ficha-errors')).not.toBeInTheDocument();
  });
});

describe('<SubmitActions>', () => {
  const draw = (busy: boolean, children?: React.ReactNode) =>
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <SubmitActions busy={busy} label="Crear">
          {children}
        </SubmitActions>
      </I18nextProvider>,
    ).container.innerHTML;

  it("draws the markup the plugins' forms wrote by hand: the buttons given, then the primary submit", () => {
    expect(draw(false)).toBe('<div class="vk-form__actions"><button type="submit" class="vk-btn vk-btn--primary">Crear</button></div>');
    expect(draw(true, <button type="button">Cancelar</button>)).toBe(
      '<div class="vk-form__actions"><button type="button">Cancelar</button><button type="submit" class="vk-btn vk-btn--primary" disabled="">Guardando…</button></div>',
    );
  });
});
