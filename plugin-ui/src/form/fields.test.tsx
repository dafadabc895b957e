import { useId } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Field, FieldErrorMessage, FormMessages, namedField, useFieldErrors, type FieldErrorsOptions, type FormErrors } from './fields';
import type { ApiErrorItem } from '../api/errors';
import { createTestI18n } from '../testing/i18n';

const FIELDS = ['name', 'email'] as const;

function setup(options?: FieldErrorsOptions) {
  let errors!: FormErrors;
  function Form() {
    const formId = useId();
    errors = useFieldErrors(formId, FIELDS, options);
    return (
      <form aria-label="Ficha">
        <FormMessages errors={errors.errors} general={errors.general} testId="ficha-errors" />
        <Field form={formId} field="name" label="Nombre" error={errors.errors.name} required hint="Como en el DNI">
          <input className="vk-input" {...errors.control('name')} />
        </Field>
        <Field form={formId} field="email" label="Correo" error={errors.errors.email} className="wide">
          <input className="vk-input" {...errors.control('email')} />
        </Field>
      </form>
    );
  }
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <Form />
    </I18nextProvider>,
  );
  return { errors: () => errors, view };
}

describe('useFieldErrors, <Field>, <FormMessages>', () => {
  it('draws labelled fields (required mark, hint, class) with no errors', () => {
    const { view } = setup();
    const name = screen.getByLabelText(/Nombre/);
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Como en el DNI')).toHaveClass('muted');
    expect(view.container.querySelector('.vk-field.wide')).not.toBeNull();
    expect(screen.queryByTestId('ficha-errors')).toBeNull();
  });

  it("puts the errors naming a form's field under it, the rest (or their code) above", () => {
    const { errors } = setup();
    act(() =>
      errors().fail(
        [
          { code: 'REQ-102', data: { field: 'name' }, details: 'Obligatorio' },
          { code: 'REQ-102', data: { field: 'name' }, details: 'Segundo' },
          { code: 'CONFLICT-000', data: { field: 'city' }, details: 'Ciudad repetida' },
          { code: 'ERROR_X', data: null, details: '' },
        ],
        'Falló',
      ),
    );
    const name = screen.getByLabelText(/Nombre/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('error-name')).toHaveTextContent('Obligatorio');
    expect(name).toHaveAttribute('aria-describedby', screen.getByTestId('error-name').id);
    expect(screen.getByTestId('ficha-errors')).toHaveTextContent('SegundoCiudad repetidaERROR_X');
    act(() => errors().reset());
    expect(screen.queryByTestId('error-name')).toBeNull();
    expect(screen.queryByTestId('ficha-errors')).toBeNull();
  });

  it('says "Revise los campos marcados" when every error is under a field; a read error (one object) works too', () => {
    const { errors } = setup();
    act(() => errors().fail({ code: 'REQ-102', data: { field: 'email' }, details: '' }, 'Correo no válido'));
    expect(screen.getByTestId('error-email')).toHaveTextContent('Correo no válido');
    expect(screen.getByTestId('ficha-errors')).toHaveTextContent('Revise los campos marcados');
  });

  it("takes a plugin's own rule for the field an error belongs to", () => {
    const fieldOf = (item: ApiErrorItem) => (item.code === 'TAKEN' ? 'email' : namedField(item)?.replace(/^account\./, ''));
    const { errors } = setup({ fieldOf });
    act(() =>
      errors().fail(
        [
          { code: 'TAKEN', data: null, details: 'Correo en uso' },
          { code: 'REQ-102', data: { field: 'account.name' }, details: 'Nombre obligatorio' },
        ],
        'Falló',
      ),
    );
    expect(screen.getByTestId('error-email')).toHaveTextContent('Correo en uso');
    expect(screen.getByTestId('error-name')).toHaveTextContent('Nombre obligatorio');
  });

  it('namedField reads a non-empty data.field only; FieldErrorMessage shows nothing without an error', () => {
    expect(namedField({ code: 'A', data: { field: 'email' }, details: '' })).toBe('email');
    expect(namedField({ code: 'A', data: { field: '' }, details: '' })).toBeUndefined();
    expect(namedField({ code: 'A', data: { field: 3 }, details: '' })).toBeUndefined();
    expect(namedField({ code: 'A', data: null, details: '' })).toBeUndefined();
    const { container } = render(<FieldErrorMessage form="f" field="x" />);
    expect(container).toBeEmptyDOMElement();
    render(<FieldErrorMessage form="f" field="x" error="Mal" />);
    expect(screen.getByTestId('error-x')).toHaveAttribute('id', 'f-x-error');
  });
});
