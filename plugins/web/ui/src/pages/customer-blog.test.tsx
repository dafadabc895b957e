import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, type MockRequest } from '@volante/plugin-ui/testing';
import { LocationSearch, renderModule, storeCustomer } from '../test/render';
import { CUSTOMER_TOKEN, WEBAPI_KEY, publicPost, storefrontBlog } from '../test/fixtures';

const NEWS = '/layout/contact/blog';
const BLOG_READ = 'GET web/api/blog/read';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const auth = (req: MockRequest) => req.headers.authorization;
/** Lets the answers already sent reach the page (to see that something did not happen). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const cards = () => screen.queryAllByTestId('post-card');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

const timetable = publicPost(7);
const exam = publicPost(9, {
  title: 'Examen de diciembre',
  tags: ['exámenes'],
  content: `Las fechas del examen teórico de diciembre ya están publicadas. ${'Consulte su convocatoria en la secretaría de la autoescuela. '.repeat(8).trim()}\n\nSegundo párrafo que la lista no muestra.`,
  publish_at: '2026-12-15T17:30:00Z',
  header_url: null,
  gallery_urls: [],
});
const prices = publicPost(5, { title: 'Nuevas tarifas', tags: ['precios', 'horarios'], content: 'Las tarifas de 2027.', publish_at: '2026-11-20T08:00:00Z', header_url: null, gallery_urls: [] });

/** A school that published three posts, newest first. */
function newsHost() {
  return mockApi({ [BLOG_READ]: storefrontBlog([exam, timetable, prices]) });
}

describe('/layout/contact/blog — the school\'s news (public)', () => {
  it('lists the published posts with the key only (no customer signed in): header, title, date, tags and the first paragraph', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = newsHost();
    renderModule(NEWS, api);
    await waitFor(() => expect(cardTitles()).toEqual(['Examen de diciembre', 'Nuevo horario de clases teóricas', 'Nuevas tarifas']));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Noticias');
    const calls = api.calls(BLOG_READ);
    expect(calls.map(query)).toEqual([{ page: '1', per_page: '10' }]);
    expect(calls.map(auth)).toEqual([`Bearer ${WEBAPI_KEY}`]);
    // not signed in: no navigation of the area, and nothing asked about a customer
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();
    expect(api.requests.map((r) => `${r.method} ${r.path}`).filter((call) => call !== 'GET web/api/legal/read')).toEqual([BLOG_READ]);

    const [first, second] = cards();
    expect(within(first).getByTestId('post-date')).toHaveTextContent('15 de diciembre de 2026, 18:30');
    expect(within(first).getByTestId('post-date')).toHaveAttribute('datetime', '2026-12-15T17:30:00Z');
    // the first paragraph only, cut at a word
    const excerpt = within(first).getByTestId('post-excerpt').textContent!;
    expect(excerpt).toMatch(/^Las fechas del examen teórico de diciembre ya están publicadas\. Consulte .*\S…$/);
    expect(excerpt.length).toBeLessThanOrEqual(301);
    expect(first).not.toHaveTextContent('Segundo párrafo');
    expect(within(first).queryByRole('img')).toBeNull();

    // the header image, at the address the host gives (it opens without a session)
    expect(second.querySelector('img')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=70&link=lnk_7');
    expect(within(second).getByTestId('post-excerpt')).toHaveTextContent('Desde diciembre las clases teóricas son por la tarde.');
    expect(second).not.toHaveTextContent('De lunes a jueves');
    expect(within(second).getByRole('link', { name: 'Nuevo horario de clases teóricas' })).toHaveAttribute('href', '/layout/contact/blog?post=7');
    expect(within(second).getByRole('link', { name: 'Leer «Nuevo horario de clases teóricas»' })).toHaveAttribute('href', '/layout/contact/blog?post=7');
    const tags = within(second).getByRole('list', { name: 'Etiquetas' });
    expect(within(tags).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['horarios', '/layout/contact/blog?tag=horarios'],
      ['teórica', '/layout/contact/blog?tag=te%C3%B3rica'],
    ]);
    // one page: no paginator
    expect(screen.queryByTestId('paginator-text')).toBeNull();
  });

  it('a tag filters the news (web/api/blog/read?tag=), and "Ver todas las noticias" drops it', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = newsHost();
    renderModule(NEWS, api, undefined, <LocationSearch />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(within(cards()[1]).getByRole('link', { name: 'Noticias con la etiqueta «horarios»' }));

    await waitFor(() => expect(cardTitles()).toEqual(['Nuevo horario de clases teóricas', 'Nuevas tarifas']));
    expect(query(api.calls(BLOG_READ).at(-1)!)).toEqual({ tag: 'horarios', page: '1', per_page: '10' });
    expect(screen.getByTestId('location-search')).toHaveTextContent('?tag=horarios');
    expect(screen.getByTestId('blog-tag')).toHaveTextContent('Noticias con la etiqueta «horarios»');

    fireEvent.click(screen.getByRole('link', { name: 'Ver todas las noticias' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(query(api.calls(BLOG_READ).at(-1)!)).toEqual({ page: '1', per_page: '10' });
    expect(screen.queryByTestId('blog-tag')).toBeNull();

    // a tag nobody wrote about
    renderModule(`${NEWS}?tag=verano`, api);
    expect(await screen.findByTestId('blog-empty')).toHaveTextContent('No hay noticias con la etiqueta «verano»');
  });

  it('opens a post (?post=ID): header, title, date, tags, the whole content in paragraphs and its gallery', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = newsHost();
    renderModule(NEWS, api, undefined, <LocationSearch />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole('link', { name: 'Leer «Nuevo horario de clases teóricas»' }));

    const post = await screen.findByRole('article', { name: 'Nuevo horario de clases teóricas' });
    expect(screen.getByTestId('location-search')).toHaveTextContent('?post=7');
    expect(query(api.calls(BLOG_READ).at(-1)!)).toEqual({ id: '7' });
    expect(auth(api.calls(BLOG_READ).at(-1)!)).toBe(`Bearer ${WEBAPI_KEY}`);
    expect(within(post).getByRole('heading', { level: 1 })).toHaveTextContent('Nuevo horario de clases teóricas');
    expect(within(post).getByTestId('post-header')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=70&link=lnk_7');
    expect(within(post).getByTestId('post-date')).toHaveTextContent('1 de diciembre de 2026, 10:00');
    expect([...within(post).getByTestId('post-content').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Desde diciembre las clases teóricas son por la tarde.',
      'De lunes a jueves, de 18:00 a 20:00.',
    ]);
    const gallery = within(post).getByTestId('post-gallery');
    expect(within(gallery).getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Imagen 1 de «Nuevo horario de clases teóricas»', '/api/filesystem/file/read?file_id=71&link=lnk_7'],
      ['Imagen 2 de «Nuevo horario de clases teóricas»', '/api/filesystem/file/read?file_id=72&link=lnk_7'],
    ]);
    expect(within(gallery).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/api/filesystem/file/read?file_id=71&link=lnk_7',
      '/api/filesystem/file/read?file_id=72&link=lnk_7',
    ]);

    // its tags lead to the news with them
    fireEvent.click(within(post).getByRole('link', { name: 'Noticias con la etiqueta «teórica»' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Nuevo horario de clases teóricas']));
    expect(query(api.calls(BLOG_READ).at(-1)!)).toEqual({ tag: 'teórica', page: '1', per_page: '10' });
  });

  it('a post that is not published shows the host\'s message; "Volver a las noticias" goes back to the list', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = newsHost();
    renderModule(`${NEWS}?post=12`, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('La entrada no existe');
    fireEvent.click(screen.getByRole('link', { name: 'Volver a las noticias' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('pages through the news, keeping the tag', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const many = Array.from({ length: 12 }, (_, i) => publicPost(100 - i, { title: `Noticia ${i + 1}`, tags: ['avisos'] }));
    const api = mockApi({ [BLOG_READ]: storefrontBlog(many) });
    renderModule(`${NEWS}?tag=avisos`, api);
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 10 de 12');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Noticia 11', 'Noticia 12']));
    expect(query(api.calls(BLOG_READ).at(-1)!)).toEqual({ tag: 'avisos', page: '2', per_page: '10' });
  });

  it('a signed-in customer reads the same news (the key only) with the area\'s navigation, where "Noticias" is', async () => {
    storeCustomer();
    const api = newsHost();
    renderModule(NEWS, api);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const nav = screen.getByRole('navigation', { name: 'Área de cliente' });
    expect(within(nav).getByRole('link', { name: 'Noticias' })).toHaveAttribute('aria-current', 'page');
    // public posts: the customer's token is not sent
    expect(api.calls(BLOG_READ).map(auth)).toEqual([`Bearer ${WEBAPI_KEY}`]);
    expect(auth(api.calls(BLOG_READ)[0])).not.toContain(CUSTOMER_TOKEN);
  });

  it('without the school\'s key says to come from its web site and asks nothing', async () => {
    const api = newsHost();
    renderModule(NEWS, api);
    expect(await screen.findByTestId('customer-no-key')).toHaveTextContent('Para entrar en el área de cliente, hágalo desde la web de la autoescuela.');
    await settle();
    expect(api.requests).toHaveLength(0);
  });
});
