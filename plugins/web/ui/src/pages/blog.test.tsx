import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { blogPage, blogPost } from '../test/fixtures';

const BLOG = '/web/blog';
const LIST = 'GET web/blog/post/read';
const SAVE = 'POST web/blog/post/create';
const DELETE = 'POST web/blog/post/delete';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const table = () => screen.getByRole('table', { name: 'Entradas del blog' });
const titles = () => within(table()).queryAllByTestId('post-title').map((a) => a.textContent);
const cells = (row: HTMLElement, count: number) => [...row.querySelectorAll('td')].slice(0, count).map((td) => td.textContent);
const location = () => screen.getByTestId('location').textContent;

const published = blogPost(7);
const draft = blogPost(8, { title: 'Borrador sin fecha', tags: [], header_file_id: null, content: '', gallery: [], publish_at: null, status: 'pending', created_at: '2026-11-29T10:00:00Z' });
const scheduled = blogPost(9, { title: 'Examen de diciembre', tags: ['exámenes'], publish_at: '2026-12-15T17:30:00Z', status: 'waiting' });
const counts = { pending: 1, waiting: 1, published: 2, discarded: 0 };

/** The fake host's blog: the list (the posts of the status asked, every status's count) and each post by `?id=`. */
function blogHost(routes: Record<string, object> = {}) {
  const all = [scheduled, draft, published];
  return mockApi({
    [LIST]: (req: MockRequest) => {
      const id = req.query.get('id');
      if (id) {
        const post = all.find((p) => String(p.id) === id);
        return post ? envelopeOk(post) : readError('NOT-FOUND-000', 'La entrada no existe', { entity: 'Entrada' });
      }
      const status = req.query.get('status');
      return blogPage(status ? all.filter((p) => p.status === status) : all, counts);
    },
    ...routes,
  });
}

/** The editor's form, once the post (or the new one) is drawn. */
const editor = async (name: string | RegExp) => screen.findByRole('form', { name });
const button = (form: HTMLElement, name: string | RegExp) => within(form).getByRole('button', { name });

describe('/web/blog — the list', () => {
  it('lists the posts (title, tags, status, date in Spanish time or "Sin fecha") with the status chips and their counts; a chip filters', async () => {
    const api = blogHost();
    renderModule(BLOG, api);
    await waitFor(() => expect(titles()).toEqual(['Examen de diciembre', 'Borrador sin fecha', 'Nuevo horario de clases teóricas']));
    const rows = within(table()).getAllByTestId('post-title').map((a) => a.closest('tr')!);
    expect(cells(rows[0], 4)).toEqual(['Examen de diciembre', 'exámenes', 'Programada', '15 de diciembre de 2026, 18:30']);
    expect(cells(rows[1], 4)).toEqual(['Borrador sin fecha', '—', 'Borrador', 'Sin fecha']);
    expect(cells(rows[2], 4)).toEqual(['Nuevo horario de clases teóricas', 'horariosteórica', 'Publicada', '1 de diciembre de 2026, 10:00']);
    expect(within(rows[2]).getByRole('link', { name: 'Nuevo horario de clases teóricas' })).toHaveAttribute('href', '/web/blog?post=7');
    expect(within(rows[2]).getByRole('link', { name: 'Editar «Nuevo horario de clases teóricas»' })).toHaveAttribute('href', '/web/blog?post=7');
    expect(screen.getByRole('link', { name: 'Nueva entrada' })).toHaveAttribute('href', '/web/blog?post=new');
    // no filter, no search: only the page goes
    expect(query(api.calls(LIST)[0])).toEqual({ page: '1', per_page: '25' });

    const chips = within(screen.getByRole('group', { name: 'Estado de la entrada' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Todas(4)', 'Borrador(1)', 'Programada(1)', 'Publicada(2)', 'Descartada(0)']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');

    // search, then a chip: back to page 1, the search kept
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'horario' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(2));
    expect(query(api.calls(LIST)[1])).toEqual({ search: 'horario', page: '1', per_page: '25' });
    fireEvent.click(screen.getByRole('button', { name: 'Borrador(1)' }));
    await waitFor(() => expect(titles()).toEqual(['Borrador sin fecha']));
    expect(query(api.calls(LIST).at(-1)!)).toEqual({ search: 'horario', status: 'pending', page: '1', per_page: '25' });
    expect(screen.getByTestId('status-chip-pending')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('status-chip-all')).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(screen.getByRole('button', { name: /^Todas/ }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(api.calls(LIST).at(-1)!.query.get('status')).toBeNull();
  });

  it('a user without the web permission reads the posts but is offered nothing that writes', async () => {
    const api = blogHost();
    renderModule(BLOG, api, clerk);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.queryByRole('link', { name: 'Nueva entrada' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ver «Nuevo horario de clases teóricas»' }));
    const form = await editor('Entrada «Nuevo horario de clases teóricas»');
    expect(within(form).getByLabelText(/^Título/)).toBeDisabled();
    expect(within(form).getByLabelText(/^Contenido/)).toBeDisabled();
    expect(within(form).queryByRole('button')).toBeNull();
    expect(screen.getByText('Necesita el permiso «Página web y tienda online» para hacer cambios.')).toBeInTheDocument();
  });
});

describe('/web/blog — the editor', () => {
  it('"Guardar borrador" sends a new post as pending (title and content trimmed, the tags as a list); a title is required first', async () => {
    const saved = blogPost(10, { title: 'Cierre por vacaciones', tags: ['avisos', 'verano'], header_file_id: null, content: 'Cerramos en agosto.', gallery: [], publish_at: null, status: 'pending' });
    const api = blogHost({ [SAVE]: envelopeOk(saved) });
    renderModule(`${BLOG}?post=new`, api);
    const form = await editor('Nueva entrada');
    // a new post can be neither discarded nor deleted
    expect(within(form).getAllByRole('button').map((b) => b.textContent)).toEqual(['Guardar borrador', 'Publicar']);
    expect(api.calls(LIST)).toHaveLength(0);

    fireEvent.click(button(form, 'Guardar borrador'));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByLabelText(/^Título/)).toHaveAttribute('aria-invalid', 'true');
    // a draft may go without content
    expect(within(form).queryByTestId('error-content')).toBeNull();
    expect(api.calls(SAVE)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Título/), { target: { value: '  Cierre por vacaciones ' } });
    fireEvent.change(within(form).getByLabelText(/^Etiquetas/), { target: { value: ' avisos, verano,, Avisos , ' } });
    fireEvent.change(within(form).getByLabelText(/^Contenido/), { target: { value: '\nCerramos en agosto.\n\n' } });
    fireEvent.click(button(form, 'Guardar borrador'));

    expect(await screen.findByText('Borrador «Cierre por vacaciones» guardado')).toBeInTheDocument();
    expect(api.calls(SAVE).map((r) => r.body)).toEqual([
      { title: 'Cierre por vacaciones', tags: ['avisos', 'verano'], header_file_id: null, content: 'Cerramos en agosto.', gallery: [], publish_at: null, status: 'pending' },
    ]);
    // back to the list
    await waitFor(() => expect(location()).toBe('/web/blog'));
    await screen.findByRole('table', { name: 'Entradas del blog' });
  });

  it('publishing with a future date reads "Programar" and sends published with the date in UTC; the host answers it scheduled', async () => {
    const api = blogHost({
      [SAVE]: (req: MockRequest) => {
        const body = req.body as { title: string; publish_at: string };
        return envelopeOk(blogPost(7, { ...body, status: 'waiting', publish_at: '2099-06-01T08:30:00Z' }));
      },
    });
    renderModule(`${BLOG}?post=7`, api);
    const form = await editor('Entrada «Nuevo horario de clases teóricas»');
    expect(query(api.calls(LIST)[0])).toEqual({ id: '7' });
    // the post as stored, its date in the browser's time (Madrid here)
    expect(within(form).getByLabelText(/^Título/)).toHaveValue('Nuevo horario de clases teóricas');
    expect(within(form).getByLabelText(/^Etiquetas/)).toHaveValue('horarios, teórica');
    expect(within(form).getByLabelText(/^Contenido/)).toHaveValue(published.content);
    const date = within(form).getByLabelText(/^Fecha de publicación/);
    expect(date).toHaveAttribute('type', 'datetime-local');
    expect(date).toHaveValue('2026-12-01T10:00');
    expect(screen.getByTestId('post-status')).toHaveTextContent('Publicada');

    fireEvent.change(date, { target: { value: '2099-06-01T10:30' } });
    expect(button(form, 'Programar')).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Publicar' })).toBeNull();
    // no date: published when saved
    fireEvent.change(date, { target: { value: '' } });
    expect(button(form, 'Publicar')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2099-06-01T10:30' } });
    fireEvent.click(button(form, 'Programar'));

    expect(await screen.findByText('Entrada «Nuevo horario de clases teóricas» programada para el 1 de junio de 2099, 10:30')).toBeInTheDocument();
    expect(api.calls(SAVE).map((r) => r.body)).toEqual([
      {
        id: 7,
        title: 'Nuevo horario de clases teóricas',
        tags: ['horarios', 'teórica'],
        header_file_id: 70,
        content: published.content,
        gallery: [71, 72],
        publish_at: '2099-06-01T08:30:00.000Z',
        status: 'published',
      },
    ]);
    await waitFor(() => expect(location()).toBe('/web/blog'));
  });

  it("shows the host's field errors under their field (the gallery's image under the gallery); any other failure is the blog's save error", async () => {
    let answer: object = writeError('REQ-002', 'Indique una fecha futura para programar la entrada', { field: 'publish_at' });
    const api = blogHost({ [SAVE]: () => answer });
    renderModule(`${BLOG}?post=8`, api);
    const form = await editor('Entrada «Borrador sin fecha»');
    fireEvent.change(within(form).getByLabelText(/^Contenido/), { target: { value: 'Texto.' } });
    fireEvent.click(button(form, 'Publicar'));
    expect(await within(form).findByTestId('error-publish_at')).toHaveTextContent('Indique una fecha futura para programar la entrada');
    expect(within(form).getByLabelText(/^Fecha de publicación/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('post-errors')).toHaveTextContent('Revise los campos marcados');
    expect(within(form).getByTestId('post-errors')).not.toHaveTextContent('No se ha podido guardar la entrada');

    answer = writeError('REQ-102', 'El archivo no es una imagen PNG o JPEG', { field: 'gallery[0]' });
    fireEvent.click(button(form, 'Publicar'));
    expect(await within(form).findByTestId('error-gallery')).toHaveTextContent('El archivo no es una imagen PNG o JPEG');
    expect(within(form).queryByTestId('error-publish_at')).toBeNull();

    answer = writeError('SERVER-000', 'Error interno del servidor');
    fireEvent.click(button(form, 'Publicar'));
    await waitFor(() => expect(within(form).getByTestId('post-errors')).toHaveTextContent('No se ha podido guardar la entradaError interno del servidor'));
    expect(within(form).getByTestId('post-errors')).toHaveAttribute('role', 'alert');
    expect(within(form).queryByTestId('error-gallery')).toBeNull();

    // a post to publish needs its content: refused here, nothing sent
    fireEvent.change(within(form).getByLabelText(/^Contenido/), { target: { value: '  ' } });
    fireEvent.click(button(form, 'Publicar'));
    expect(await within(form).findByTestId('error-content')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls(SAVE)).toHaveLength(3);
    // still in the editor
    expect(location()).toBe('/web/blog');
    expect(screen.getByTestId('post-editor')).toBeInTheDocument();
  });

  it('the gallery: its images in order, one taken off, others uploaded (public); "Descartar" sends discarded', async () => {
    const uploaded = (file_id: number) => ({ file_id, name: `foto${file_id}.png`, url: `/api/filesystem/file/read/h${file_id}`, handle: `h${file_id}`, width: 10, height: 10, size: 4, content_type: 'image/png', public: true, folder_id: 3, resizes: [] });
    let next = 80;
    const api = blogHost({
      'POST image/upload': () => envelopeOk(uploaded(next++)),
      [SAVE]: (req: MockRequest) => envelopeOk(blogPost(7, { ...(req.body as object), status: 'discarded' })),
    });
    renderModule(`${BLOG}?post=7`, api);
    const form = await editor('Entrada «Nuevo horario de clases teóricas»');
    const gallery = within(form).getByRole('group', { name: 'Galería de imágenes' });
    expect(within(gallery).getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Imagen 1 de la galería', '/api/filesystem/file/read?file_id=71&token=test-token'],
      ['Imagen 2 de la galería', '/api/filesystem/file/read?file_id=72&token=test-token'],
    ]);
    const header = within(form).getByRole('group', { name: 'Imagen de cabecera' });
    expect(within(header).getByRole('img')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=70&token=test-token');

    fireEvent.click(within(gallery).getByRole('button', { name: 'Quitar la imagen 1 de la galería' }));
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(within(gallery).getByLabelText('Añadir imágenes', { selector: 'input' }), { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(within(gallery).getAllByRole('img')).toHaveLength(3));
    const sent = api.calls('POST image/upload').map((r) => r.body as FormData);
    expect(sent.map((f) => [f.get('public'), f.get('folder')])).toEqual([
      ['true', 'web/blog'],
      ['true', 'web/blog'],
    ]);

    fireEvent.click(within(header).getByRole('button', { name: 'Quitar imagen' }));
    fireEvent.click(button(form, 'Descartar'));
    expect(await screen.findByText('Entrada «Nuevo horario de clases teóricas» descartada')).toBeInTheDocument();
    expect(api.calls(SAVE).map((r) => r.body)).toEqual([expect.objectContaining({ id: 7, header_file_id: null, gallery: [72, 80, 81], status: 'discarded' })]);
  });

  it('"Eliminar" asks first: cancelled sends nothing; accepted deletes the post and goes back to the list', async () => {
    const api = blogHost({ [DELETE]: envelopeOk({ id: 7 }) });
    renderModule(`${BLOG}?post=7`, api);
    const form = await editor('Entrada «Nuevo horario de clases teóricas»');
    expect(within(form).getAllByRole('button').map((b) => b.textContent).filter((text) => !/imagen|Quitar|Añadir|Seleccionar/.test(text!))).toEqual([
      'Eliminar',
      'Descartar',
      'Guardar borrador',
      expect.stringMatching(/^(Publicar|Programar)$/),
    ]);

    fireEvent.click(button(form, 'Eliminar'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Eliminar «Nuevo horario de clases teóricas»');
    expect(dialog).toHaveTextContent('La entrada se elimina del blog y deja de verse en la web de la autoescuela.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls(DELETE)).toHaveLength(0);

    fireEvent.click(button(form, 'Eliminar'));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Entrada «Nuevo horario de clases teóricas» eliminada')).toBeInTheDocument();
    expect(api.calls(DELETE).map((r) => r.body)).toEqual([{ id: 7 }]);
    await waitFor(() => expect(location()).toBe('/web/blog'));
    await screen.findByRole('table', { name: 'Entradas del blog' });
    expect(api.calls(SAVE)).toHaveLength(0);
  });

  it("a post that does not exist shows the host's message; an address that names none says so without asking", async () => {
    const api = blogHost();
    const { unmount } = renderModule(`${BLOG}?post=99`, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('La entrada no existe');
    unmount();
    renderModule(`${BLOG}?post=abc`, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('La entrada no existe');
    expect(api.calls(LIST).map(query)).toEqual([{ id: '99' }]);
  });
});
