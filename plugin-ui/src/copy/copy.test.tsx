import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { CopyLink, copyText, useCopy, type CopyLinkProps } from './CopyLink';
import { ActionsMenu } from '../menu/ActionsMenu';
import { ToastProvider } from '../toast/ToastProvider';
import { createTestI18n } from '../testing/i18n';

const URL_ANA = 'https://volante.test/formacion/ref-ana';

/** A clipboard that copies (`writeText` resolves), refuses (rejects) or is not there (null). */
function clipboard(writeText: ((text: string) => Promise<void>) | null) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

function renderCopy(props: CopyLinkProps) {
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastProvider timeoutMs={1000}>
        <CopyLink {...props} />
      </ToastProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  clipboard(null);
});

describe('copyText', () => {
  it('answers whether the browser copied', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    await expect(copyText('abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    clipboard(async () => Promise.reject(new Error('denied')));
    await expect(copyText('abc')).resolves.toBe(false);
    clipboard(null);
    await expect(copyText('abc')).resolves.toBe(false);
  });
});

describe('<CopyLink>', () => {
  it("someone's link: the button named after them, the link before it in a new tab, and a toast naming them", async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    renderCopy({ text: URL_ANA, name: 'Ana López', showUrl: true, testId: 'student-link' });
    const whole = screen.getByTestId('student-link-url').parentElement!;
    expect(whole).toHaveClass('vk-copy');
    const link = within(whole).getByRole('link', { name: URL_ANA });
    expect(link).toHaveAttribute('href', URL_ANA);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('data-testid', 'student-link-url');
    const button = within(whole).getByRole('button', { name: 'Copiar el enlace de Ana López' });
    expect(button).toHaveTextContent('Copiar');
    expect(button).toHaveAttribute('data-testid', 'student-link-copy');
    fireEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Enlace de Ana López copiado');
    expect(writeText).toHaveBeenCalledWith(URL_ANA);
  });

  it('a button only by default; `label` names it when its text does not say what it copies', async () => {
    clipboard(vi.fn(async () => undefined));
    renderCopy({ text: 'wk_live_abc123', label: 'Copiar la clave de la API web' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('copy-link-copy')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar la clave de la API web' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copiado al portapapeles');
  });

  it('where the browser will not copy, an alert that stays shows the text to copy by hand', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    clipboard(async () => Promise.reject(new Error('denied')));
    renderCopy({ text: 'wk_live_abc123' });
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha podido copiar; cópielo a mano: wk_live_abc123');
    // the other toasts go after a second; this one stays until it is closed
    await act(async () => void vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    clipboard(null);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
  });

  it('"No hay enlace disponible" when there is nothing to copy', () => {
    renderCopy({ text: null, name: 'Ana López', showUrl: true, testId: 'student-link' });
    expect(screen.getByTestId('student-link-none')).toHaveTextContent('No hay enlace disponible');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("a plugin's own wording: the button, the toasts and the text without a link", async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    const texts = { copy: 'Copiar el enlace', copied: 'Enlace copiado', failed: (text: string) => `Copie el enlace: ${text}`, none: 'Todavía no tiene enlace' };
    const { unmount } = renderCopy({ text: URL_ANA, texts, className: 'rooms-link', showUrl: true, testId: 'online' });
    expect(screen.getByTestId('online-copy').parentElement).toHaveClass('vk-copy', 'rooms-link');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enlace copiado');
    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByTestId('online-copy'));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Copie el enlace: ${URL_ANA}`);
    unmount();
    renderCopy({ text: '', texts, testId: 'online' });
    expect(screen.getByTestId('online-none')).toHaveTextContent('Todavía no tiene enlace');
  });
});

describe('useCopy', () => {
  function RowMenu({ url }: { url: string }) {
    const copy = useCopy();
    return <ActionsMenu name="Ana López" items={[{ label: 'Copiar enlace', ariaLabel: 'Copiar el enlace de Ana López', onSelect: () => void copy(url, { name: 'Ana López' }) }]} />;
  }

  it('copies from an entry of a menu, with the same toasts as <CopyLink>', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <ToastProvider timeoutMs={1000}>
          <RowMenu url={URL_ANA} />
        </ToastProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones de Ana López' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copiar el enlace de Ana López' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enlace de Ana López copiado');
    expect(writeText).toHaveBeenCalledWith(URL_ANA);
    clipboard(null);
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones de Ana López' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copiar el enlace de Ana López' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`No se ha podido copiar; cópielo a mano: ${URL_ANA}`);
  });
});
