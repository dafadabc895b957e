import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, printSelectors, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';
import { admin } from '../servers/fixtures';

const zafra = {
  business_id: 7, name: 'Autoescuela Zafra', fiscal_name: 'Autoescuela Zafra SL', fiscal_code: 'B06000001', email: 'info@zafra.es', phone: '', city: 'Zafra',
  status: 'active', is_provider: false, created_at: '2026-01-10T09:00:00Z', group_id: null, group_name: null,
};
const CLOCK = { id: 'clock', name: 'Control horario', enabled_at: '2026-02-01T10:00:00Z' };
const CONTACTS = { id: 'contacts', name: 'Contactos', enabled_at: '2026-01-10T09:00:00Z' };

// Sorted by name, as the host answers them.
const list = [
  { user_id: 12, name: 'Ana Pérez', email: 'ana@zafra.es', role: 'Profesor', active: true },
  { user_id: 14, name: 'Beatriz Gil', email: 'bea@zafra.es', role: '', active: false },
  { user_id: 13, name: 'Carlos Ruiz', email: 'carlos@zafra.es', role: 'Dirección', active: true },
];
const record = {
  business: zafra,
  branches: [],
  services: [CONTACTS, CLOCK],
  users: { total: 3, active: 2, by_role: [], list },
  storage: { plan: 'basic', quota_bytes: 1024 ** 3, used_bytes: 0, files: 0 },
  activity: { last_sign_in_at: null, open_sessions: 1 },
};

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const session = (id: number, state: string, started: string, seen: string, extra: Record<string, unknown> = {}) => ({
  session_id: id, device: 'Chromium en Linux', ip: '203.0.113.5', user_agent: UA, started_at: '2026-11-28T08:05:00Z', last_seen_at: '2026-11-28T09:58:00Z',
  ended_at: state === 'open' ? null : '2026-11-28T10:00:00Z', state, started_local: started, last_seen_local: seen, ...extra,
});
const sessions = [
  session(31, 'open', '28/11/2026 09:05', '28/11/2026 10:58'),
  session(29, 'closed', '26/11/2026 09:00', '26/11/2026 10:30', { device: '', ip: '198.51.100.7', user_agent: 'curl/8.5' }),
  session(27, 'expired', '20/11/2026 18:00', '20/11/2026 18:40'),
];
const answer = (req: MockRequest, extra: Record<string, unknown> = {}) => {
  const [, , , , , d1, d2, between] = req.path.split('/');
  return envelopeOk({
    business: { business_id: 7, name: 'Autoescuela Zafra' },
    user: { user_id: 12, name: 'Ana Pérez', email: 'ana@zafra.es' },
    from: d1, to: d2, between: between === '1', zone: 'Europe/Madrid', sessions, ...extra,
  });
};

const SESSIONS = 'GET user/sessions/generate/7/12/2026-11-01/2026-11-28/1';

/** The host as the provider's administrator sees it: the school has the clock service unless told. */
function reportsApi({ services = [CONTACTS, CLOCK] } = {}) {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET business/read': envelopeOk({ ...zafra, branch_count: 0, services }),
    'GET business/group/readgroup': envelopeOk([]),
    'GET business/ficha/read': envelopeOk({ ...record, services }),
  });
}

/** Today is 28/11/2026 in Spain (the form's default period: 01/11/2026 to 28/11/2026). */
function at(iso = '2026-11-28T10:00:00Z') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

async function openReports(api = reportsApi()) {
  renderApp('/facilauto/business/view/7?tab=reports', { api, signedIn: true });
  const section = await screen.findByRole('region', { name: 'Informes de un usuario' });
  const form = await within(section).findByRole('form', { name: 'Informes de un usuario' });
  return {
    api,
    section,
    form,
    user: within(form).getByRole('combobox', { name: 'Usuario' }),
    from: within(form).getByLabelText('Desde'),
    to: within(form).getByLabelText('Hasta'),
    sessionsPeriod: within(form).getByRole('combobox', { name: 'Sesiones' }),
    recordPeriod: within(form).getByRole('combobox', { name: 'Registro de jornada' }),
    ranges: within(form).getByRole('checkbox', { name: 'Detallar tramos' }),
    show: within(form).getByRole('button', { name: 'Ver sesiones' }),
    pdf: within(form).getByRole('button', { name: 'Registro de jornada (PDF)' }),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('provider: the "Informes" tab of a business', () => {
  it('is the fifth tab and lists every user of the school as "name — email (role)", the inactive ones marked; nothing is asked for by opening it', async () => {
    at();
    const api = reportsApi();
    renderApp('/facilauto/business/view/7', { api, signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Autoescuela Zafra' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Datos', 'Ficha', 'Módulos', 'Contenido', 'Informes']);
    fireEvent.click(screen.getByRole('tab', { name: 'Informes' }));
    const section = await screen.findByRole('region', { name: 'Informes de un usuario' });
    expect(screen.getByRole('tab', { name: 'Informes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent(/Autoescuela Zafra.*Informes/);
    expect(within(section).getByTestId('provider-reports-audit')).toHaveTextContent(/^Cada informe queda registrado en el historial de auditoría de la empresa\.$/);
    const user = await within(section).findByRole('combobox', { name: 'Usuario' });
    expect(optionTexts(user)).toEqual(['Elija el usuario', 'Ana Pérez — ana@zafra.es (Profesor)', 'Beatriz Gil — bea@zafra.es (inactivo)', 'Carlos Ruiz — carlos@zafra.es (Dirección)']);
    expect(api.calls('GET business/ficha/read').map((r) => r.query.get('business_id'))).toEqual(['7']);
    // The period: this month up to today; both reports' senses, every day / open sessions first.
    expect(within(section).getByLabelText('Desde')).toHaveValue('2026-11-01');
    expect(within(section).getByLabelText('Hasta')).toHaveValue('2026-11-28');
    const period = within(section).getByRole('group', { name: 'Periodo' });
    expect(optionTexts(within(period).getByRole('combobox', { name: 'Sesiones' }))).toEqual(['Sesiones abiertas en el periodo', 'Sesiones iniciadas en el periodo']);
    expect(optionTexts(within(period).getByRole('combobox', { name: 'Registro de jornada' }))).toEqual(['Todos los días del periodo', 'Solo los días con registro']);
    expect(within(section).getByRole('checkbox', { name: 'Detallar tramos' })).not.toBeChecked();
    expect(within(section).getByRole('button', { name: 'Registro de jornada (PDF)' })).toBeEnabled();
    expect(api.requests.filter((r) => r.path.startsWith('user/sessions') || r.path.startsWith('user/controlhorario'))).toHaveLength(0);
  });

  it("takes today and the month's first day in Spain, not in UTC", async () => {
    // 23:30 UTC on 30 November is already 1 December in Madrid.
    at('2026-11-30T23:30:00Z');
    const { from, to } = await openReports();
    expect(from).toHaveValue('2026-12-01');
    expect(to).toHaveValue('2026-12-01');
  });

  it('"Ver sesiones" builds the path exactly, is busy meanwhile, and shows each session with its state', async () => {
    at();
    const api = reportsApi();
    let release: (value: unknown) => void = () => {};
    api.on(SESSIONS, (req: MockRequest) => new Promise((resolve) => (release = () => resolve(answer(req)))));
    const { form, user, show, pdf } = await openReports(api);
    fireEvent.change(user, { target: { value: '12' } });
    fireEvent.click(show);
    await waitFor(() => expect(api.calls(SESSIONS)).toHaveLength(1));
    expect(api.calls(SESSIONS)[0].query.get('ranges')).toBe('0');
    await waitFor(() => expect(show).toBeDisabled());
    expect(pdf).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    release(undefined);

    const table = await screen.findByRole('table', { name: 'Sesiones de Ana Pérez' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Inicio', 'Última actividad', 'Estado', 'Dispositivo', 'IP', 'Navegador']);
    const rows = rowsOf(table);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['28/11/2026 09:05', '28/11/2026 10:58', 'Abierta', 'Chromium en Linux', '203.0.113.5'],
      ['26/11/2026 09:00', '26/11/2026 10:30', 'Cerrada', '—', '198.51.100.7'],
      ['20/11/2026 18:00', '20/11/2026 18:40', 'Caducada', 'Chromium en Linux', '203.0.113.5'],
    ]);
    // The browser clipped, whole in its tooltip; a short one as it is.
    expect(rows[0][5]).toMatch(/^Mozilla\/5\.0 \(X11; Linux x86_64\).*…$/);
    expect(rows[0][5]!.length).toBeLessThanOrEqual(60);
    expect(within(table).getAllByTitle(UA)).toHaveLength(2);
    expect(rows[1][5]).toBe('curl/8.5');

    const report = screen.getByRole('article', { name: 'Informe de sesiones de Ana Pérez' });
    expect(report).toContainElement(table);
    expect(within(report).getByTestId('provider-report-period')).toHaveTextContent('Del 01/11/2026 al 28/11/2026: Sesiones abiertas en el periodo');
    expect(within(report).getByTestId('provider-report-count')).toHaveTextContent(/^3 sesiones$/);
    expect(within(report).getByTestId('provider-report-facts')).toHaveTextContent('Autoescuela Zafra');
    // Without "Detallar tramos", no stretches.
    expect(screen.queryByRole('table', { name: 'Tramos por día' })).toBeNull();
    expect(show).toBeEnabled();
  });

  it('with "Sesiones iniciadas en el periodo" and "Detallar tramos", sends 0 and ranges=1 and lists each day\'s stretches', async () => {
    at();
    const api = reportsApi();
    const started = 'GET user/sessions/generate/7/12/2026-11-25/2026-11-27/0';
    api.on(started, (req: MockRequest) =>
      answer(req, {
        sessions: [sessions[1]],
        days: [
          { date: '2026-11-25', ranges: [] },
          { date: '2026-11-26', ranges: [{ session_id: 29, from: '09:00', to: '10:30' }, { session_id: 30, from: '11:00', to: '12:15' }] },
          { date: '2026-11-27', ranges: [{ session_id: 31, from: '00:00', to: '08:15' }] },
        ],
      }),
    );
    const { user, from, to, sessionsPeriod, ranges, show } = await openReports(api);
    fireEvent.change(user, { target: { value: '12' } });
    fireEvent.change(from, { target: { value: '2026-11-25' } });
    fireEvent.change(to, { target: { value: '2026-11-27' } });
    fireEvent.change(sessionsPeriod, { target: { value: '0' } });
    fireEvent.click(ranges);
    fireEvent.click(show);
    const days = await screen.findByRole('table', { name: 'Tramos por día' });
    expect(api.calls(started).map((r) => r.query.get('ranges'))).toEqual(['1']);
    expect(within(days).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Día', 'Tramos']);
    expect(rowsOf(days)).toEqual([
      ['25/11/2026', '—'],
      ['26/11/2026', '09:00–10:30, 11:00–12:15'],
      ['27/11/2026', '00:00–08:15'],
    ]);
    expect(screen.getByTestId('provider-report-period')).toHaveTextContent('Del 25/11/2026 al 27/11/2026: Sesiones iniciadas en el periodo');
    expect(screen.getByTestId('provider-report-count')).toHaveTextContent(/^1 sesión$/);
  });

  it('says when the user had no session in the period', async () => {
    at();
    const api = reportsApi();
    api.on('GET user/sessions/generate/7/14/2026-11-01/2026-11-28/1', (req: MockRequest) => answer(req, { user: { user_id: 14, name: 'Beatriz Gil', email: 'bea@zafra.es' }, sessions: [] }));
    const { user, show } = await openReports(api);
    fireEvent.change(user, { target: { value: '14' } });
    fireEvent.click(show);
    const table = await screen.findByRole('table', { name: 'Sesiones de Beatriz Gil' });
    expect(rowsOf(table)).toEqual([['Sin sesiones en el periodo']]);
    expect(screen.getByTestId('provider-report-count')).toHaveTextContent(/^0 sesiones$/);
  });

  it('"Imprimir" prints the report alone (the kit\'s printable part), the form and the button off the paper', async () => {
    at();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const api = reportsApi();
    api.on(SESSIONS, (req: MockRequest) => answer(req));
    const { form, user, show } = await openReports(api);
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
    expect(document.querySelectorAll('.vk-printable')).toHaveLength(0);
    fireEvent.change(user, { target: { value: '12' } });
    fireEvent.click(show);
    const report = await screen.findByRole('article', { name: 'Informe de sesiones de Ana Pérez' });
    const button = screen.getByRole('button', { name: 'Imprimir' });
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    expect(report).toHaveClass('vk-printable');
    expect(document.querySelectorAll('.vk-printable')).toHaveLength(1);
    expect(report).not.toContainElement(button);
    expect(report).not.toContainElement(form);
    expect(report).not.toContainElement(screen.getByRole('tablist'));
  });

  it('"Registro de jornada (PDF)" sends its own period sense and the detail, and saves the PDF the host answers', async () => {
    at();
    const saved: { name: string; type: string }[] = [];
    const blobs: Blob[] = [];
    // jsdom has no object URLs: give URL the two statics for this test only.
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: blobs.at(-1)!.type });
    });
    try {
      const api = reportsApi();
      const path = 'GET user/controlhorario/generate/7/13/2026-11-01/2026-11-28/0';
      api.on(path, envelopeOk({ filename: 'registro-jornada-13-2026-11-01-2026-11-28.pdf', content_type: 'application/pdf', base64: 'JVBERi0xLjQ=' }));
      const { user, sessionsPeriod, recordPeriod, ranges, pdf } = await openReports(api);
      fireEvent.change(user, { target: { value: '13' } });
      // The sessions' sense is not the record's.
      fireEvent.change(sessionsPeriod, { target: { value: '1' } });
      fireEvent.change(recordPeriod, { target: { value: '0' } });
      fireEvent.click(ranges);
      fireEvent.click(pdf);
      await waitFor(() => expect(saved).toEqual([{ name: 'registro-jornada-13-2026-11-01-2026-11-28.pdf', type: 'application/pdf' }]));
      expect(new TextDecoder().decode(await blobs[0].arrayBuffer())).toBe('%PDF-1.4');
      expect(api.calls(path).map((r) => r.query.get('ranges'))).toEqual(['1']);
      expect(await screen.findByText('Registro de jornada de Carlos Ruiz descargado')).toBeInTheDocument();
      expect(api.requests.filter((r) => r.path.startsWith('user/sessions'))).toHaveLength(0);
      // No sessions report came of it.
      expect(screen.queryByRole('article')).toBeNull();
    } finally {
      Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
    }
  });

  it('without the clock service, "Registro de jornada (PDF)" is disabled and says why; the sessions are still there', async () => {
    at();
    const api = reportsApi({ services: [CONTACTS] });
    api.on(SESSIONS, (req: MockRequest) => answer(req));
    const { user, pdf, show } = await openReports(api);
    fireEvent.change(user, { target: { value: '12' } });
    expect(pdf).toBeDisabled();
    expect(pdf).toHaveAccessibleDescription('La empresa no tiene el servicio de control horario');
    expect(screen.getByTestId('provider-reports-no-clock')).toHaveTextContent(/^La empresa no tiene el servicio de control horario$/);
    fireEvent.click(pdf);
    expect(api.requests.filter((r) => r.path.startsWith('user/controlhorario'))).toHaveLength(0);
    fireEvent.click(show);
    expect(await screen.findByRole('table', { name: 'Sesiones de Ana Pérez' })).toBeInTheDocument();
  });

  it("shows the host's field errors under Desde, Hasta and Periodo, and the rest above the form", async () => {
    at();
    const api = reportsApi();
    const backwards = 'GET user/sessions/generate/7/12/2026-11-28/2026-11-01/1';
    api.on(backwards, readError('REQ-102', 'La fecha final es anterior a la inicial', { field: 'd2' }));
    const { form, user, from, to, show, pdf } = await openReports(api);
    fireEvent.change(user, { target: { value: '12' } });
    fireEvent.change(from, { target: { value: '2026-11-28' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    fireEvent.click(show);
    const error = await within(form).findByTestId('error-d2');
    expect(error).toHaveTextContent(/^La fecha final es anterior a la inicial$/);
    // Under "Hasta": in its field, describing its input.
    expect(to.closest('.vk-field')).toContainElement(error);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('La fecha final es anterior a la inicial');
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('article')).toBeNull();
    // Changing "Hasta" takes it away.
    fireEvent.change(to, { target: { value: '2026-11-29' } });
    expect(within(form).queryByTestId('error-d2')).toBeNull();

    // d1 and between, under theirs.
    api.on('GET user/sessions/generate/7/12/2026-11-28/2026-11-29/1', () =>
      envelopeError({ code: 'REQ-102', data: { field: 'd1' }, details: 'El campo d1 debe ser una fecha AAAA-MM-DD' }),
    );
    fireEvent.click(show);
    expect(await within(form).findByTestId('error-d1')).toHaveTextContent('El campo d1 debe ser una fecha AAAA-MM-DD');
    expect(from.closest('.vk-field')).toContainElement(within(form).getByTestId('error-d1'));
    api.on('GET user/controlhorario/generate/7/12/2026-11-28/2026-11-29/1', readError('REQ-102', 'El campo between es 1 o 0', { field: 'between' }));
    fireEvent.click(pdf);
    const between = await within(form).findByTestId('error-between');
    expect(within(form).getByRole('group', { name: 'Periodo' })).toContainElement(between);
    expect(within(form).getByRole('combobox', { name: 'Registro de jornada' })).toHaveAttribute('aria-invalid', 'true');

    // The clock's bad range (no field) and an unknown user, above the form.
    api.on('GET user/controlhorario/generate/7/12/2026-11-28/2026-11-29/1', readError('CLOCK-004', 'El periodo no puede superar 366 días'));
    fireEvent.click(pdf);
    await waitFor(() => expect(screen.getByTestId('provider-reports-errors')).toHaveTextContent(/^El periodo no puede superar 366 días$/));
    expect(screen.getByTestId('provider-reports-errors')).toHaveAttribute('role', 'alert');
    expect(within(form).queryByTestId('error-between')).toBeNull();
    api.on('GET user/sessions/generate/7/12/2026-11-28/2026-11-29/1', readError('NOT-FOUND-000', 'Usuario no encontrado'));
    fireEvent.click(show);
    await waitFor(() => expect(screen.getByTestId('provider-reports-errors')).toHaveTextContent(/^Usuario no encontrado$/));
  });

  it('asks for the user before sending anything', async () => {
    at();
    const { api, form, user, show, pdf } = await openReports();
    fireEvent.click(show);
    expect(await within(form).findByTestId('error-user')).toHaveTextContent('Elija el usuario');
    fireEvent.click(pdf);
    expect(within(form).getByTestId('error-user')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.startsWith('user/sessions') || r.path.startsWith('user/controlhorario'))).toHaveLength(0);
    fireEvent.change(user, { target: { value: '12' } });
    expect(within(form).queryByTestId('error-user')).toBeNull();
  });

  it("shows why the school's users could not be read, with a retry", async () => {
    at();
    const api = reportsApi();
    let fail = true;
    api.on('GET business/ficha/read', () => (fail ? readError('PERMISSION-000', 'No tiene permiso') : envelopeOk(record)));
    renderApp('/facilauto/business/view/7?tab=reports', { api, signedIn: true });
    const section = await screen.findByRole('region', { name: 'Informes de un usuario' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('No tiene permiso');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByRole('combobox', { name: 'Usuario' })).toBeInTheDocument();
  });
});

describe('the sessions report print styles', () => {
  const css = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), 'reports.css'), 'utf8');

  it("reach only the report: printing it alone is the kit's rule (vk-printable), not another copy of it", () => {
    const selectors = printSelectors(css);
    expect(selectors.length).toBeGreaterThan(0);
    expect(selectors.filter((s) => !s.startsWith('.provider-report'))).toEqual([]);
    expect(css).not.toContain('body:has(');
  });
});
