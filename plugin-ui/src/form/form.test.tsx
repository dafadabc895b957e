import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SchemaForm } from './SchemaForm';
import { fieldSpec, outputValue, validateField, type JsonSchema } from './schema';
import { createTestI18n } from '../testing/i18n';

// What schemars writes for a struct with #[serde(default)] (no `required`), enums in $defs.
const schema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Contact',
  type: 'object',
  properties: {
    type: { $ref: '#/$defs/ContactType' },
    first_name: { type: 'string' },
    fiscal_name: { type: 'string', maxLength: 10 },
    email: { type: 'string' },
    birthday: { type: ['string', 'null'], format: 'date' },
    province_id: { type: ['integer', 'null'], format: 'int64', minimum: 1, maximum: 52 },
    notifications: { type: 'boolean', default: true },
    notes: { type: 'string' },
  },
  $defs: { ContactType: { type: 'string', enum: ['P', 'E'] } },
} as JsonSchema;

const labels: Record<string, string> = {
  type: 'Tipo', first_name: 'Nombre', fiscal_name: 'Razón social', email: 'Correo', birthday: 'Nacimiento', province_id: 'Provincia', notifications: 'Avisos', notes: 'Notas',
};

describe('schema rules', () => {
  it('derives the widget from the schema and validates with the kit messages', () => {
    const email = fieldSpec('email', schema.properties!.email, schema, true);
    expect(email.kind).toBe('email');
    expect(validateField(email, '')).toEqual({ key: 'form.required' });
    expect(validateField(email, 'ana@')).toEqual({ key: 'form.email' });
    expect(validateField(email, 'ana@example.es')).toBeNull();
    const type = fieldSpec('type', schema.properties!.type, schema, false);
    expect(type).toMatchObject({ kind: 'enum', options: ['P', 'E'], nullable: false });
    const province = fieldSpec('province_id', schema.properties!.province_id, schema, false);
    expect(province).toMatchObject({ kind: 'integer', nullable: true });
    expect(validateField(province, '60')).toEqual({ key: 'form.maximum', values: { max: 52 } });
    expect(outputValue(province, '28')).toBe(28);
    expect(outputValue(province, '')).toBeNull();
    expect(validateField(fieldSpec('birthday', schema.properties!.birthday, schema, false), '2020-13-45')).toEqual({ key: 'form.date' });
  });
});

function setup(onSubmit = vi.fn()) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <SchemaForm
        name="Contacto"
        schema={schema}
        value={{ type: 'P', first_name: '', email: '', notifications: true, province_id: null }}
        fields={['type', 'first_name', 'fiscal_name', 'email', 'province_id', 'birthday', 'notifications', 'notes']}
        required={['first_name', 'email']}
        widgets={{ notes: 'textarea' }}
        label={(f) => labels[f]}
        optionLabel={(_f, v) => (v === 'P' ? 'Persona' : 'Empresa')}
        visible={(f, values) => (f === 'fiscal_name' ? values.type === 'E' : f === 'birthday' ? values.type === 'P' : true)}
        onSubmit={onSubmit}
      />
    </I18nextProvider>,
  );
  return onSubmit;
}

describe('<SchemaForm>', () => {
  it('validates on blur, then while typing, with the Spanish required and e-mail messages', () => {
    setup();
    const name = screen.getByLabelText(/Nombre/);
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.queryByText('Este campo es obligatorio')).toBeNull(); // not visited yet
    fireEvent.blur(name);
    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(name, { target: { value: 'Ana' } });
    expect(screen.queryByText('Este campo es obligatorio')).toBeNull();
    const email = screen.getByLabelText(/Correo/);
    fireEvent.change(email, { target: { value: 'ana@' } });
    fireEvent.blur(email);
    expect(screen.getByText('Introduzca un correo electrónico válido')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'ana@example.es' } });
    expect(screen.queryByText('Introduzca un correo electrónico válido')).toBeNull();
  });

  it('validates a list on change and shows fields by type', () => {
    setup();
    expect(screen.queryByLabelText(/Razón social/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Tipo/), { target: { value: 'E' } });
    expect(screen.getByLabelText(/Razón social/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Nacimiento/)).toBeNull();
  });

  it('refuses to submit until every shown field is right, then sends typed values', async () => {
    const onSubmit = setup(vi.fn().mockResolvedValue(undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(screen.getByLabelText(/Nombre/)).toHaveFocus();
    fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: ' Ana ' } });
    fireEvent.change(screen.getByLabelText(/Correo/), { target: { value: 'ana@example.es' } });
    fireEvent.change(screen.getByLabelText(/Provincia/), { target: { value: '28' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Avisos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ type: 'P', first_name: 'Ana', email: 'ana@example.es', province_id: 28, birthday: null, notifications: false, notes: '' });
  });

  it("puts the host's field errors under their fields and the others above the form", async () => {
    setup(vi.fn().mockRejectedValue([
      { code: 'REQ-102', data: { field: 'email' }, details: 'El campo email no es válido' },
      { code: 'CONFLICT-000', data: null, details: 'Ya existe un contacto con ese documento' },
    ]));
    fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(/Correo/), { target: { value: 'ana@example.es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El campo email no es válido')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ya existe un contacto con ese documento');
  });
});
