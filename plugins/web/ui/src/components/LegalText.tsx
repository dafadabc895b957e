import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { LegalText } from '../api';
import { paragraphs } from '../legal';

/** A legal text's body: its paragraphs, each with its own line breaks (pre-wrapped). */
export function LegalBody({ body, testId = 'legal-body' }: { body: string; testId?: string }) {
  return (
    <div className="web-legal__body" data-testid={testId}>
      {paragraphs(body).map((p, i) => (
        <p key={i} className="web-text">
          {p}
        </p>
      ))}
    </div>
  );
}

/**
 * A legal text to read, in the kit's modal window: its title, `meta` (the staff's version and
 * date) and the whole body. The body is a focusable region, focused on opening so the keys scroll
 * it; Escape or "Cerrar" close the window and the focus goes back to what opened it.
 */
export function LegalTextDialog({ text, meta, onClose, testId = 'legal-dialog' }: { text: Pick<LegalText, 'kind' | 'name' | 'title' | 'body'>; meta?: ReactNode; onClose(): void; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const region = useRef<HTMLDivElement>(null);
  const title = text.title || t(`legal.kinds.${text.kind}`, { defaultValue: text.name });
  // after the Dialog's own effect (a child's runs first), which keeps the opener to go back to
  useEffect(() => region.current?.focus(), []);
  return (
    <Dialog title={title} onClose={onClose} wide testId={testId}>
      {meta && <p className="muted web-hint">{meta}</p>}
      <div ref={region} className="web-legal__read" tabIndex={0} role="region" aria-label={title}>
        <LegalBody body={text.body} />
      </div>
    </Dialog>
  );
}
