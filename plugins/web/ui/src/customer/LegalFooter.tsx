import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { StorefrontLegalText } from '../api';
import { FOOTER_LEGAL_KINDS } from '../lists';
import { LegalTextDialog } from '../components/LegalText';
import type { CustomerApi } from './session';

/** The published texts the footer links to, in its order (an answer that is not a list: none). */
export function footerTexts(answer: unknown): StorefrontLegalText[] {
  const texts = Array.isArray(answer) ? (answer as StorefrontLegalText[]) : [];
  return FOOTER_LEGAL_KINDS.flatMap((kind) => texts.filter((text) => text.kind === kind && text.body?.trim()).slice(0, 1));
}

/**
 * The customer area's footer: "Aviso legal", "Privacidad" and "Cookies" for the texts the school
 * publishes (`GET web/api/legal/read`, one call, the key only), each read in a window. Nothing
 * when it publishes none, or when they cannot be read.
 */
export function LegalFooter({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const loaded = useLoad(api.legalTexts);
  const [open, setOpen] = useState<StorefrontLegalText | null>(null);
  const texts = footerTexts(loaded.data);
  if (texts.length === 0) return null;
  return (
    <footer className="web-customer__footer" data-testid="customer-legal">
      <nav aria-label={t('customer.legal.nav')}>
        <ul className="web-customer__legal">
          {texts.map((text) => (
            <li key={text.kind}>
              <button type="button" className="web-link-button" aria-haspopup="dialog" onClick={() => setOpen(text)}>
                {t(`customer.legal.links.${text.kind}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {open && <LegalTextDialog text={open} onClose={() => setOpen(null)} />}
    </footer>
  );
}
