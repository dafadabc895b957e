import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Budget, Invoice, Series } from '../api';
import { DocumentView } from './DocumentView';

/**
 * The print view: the saved document alone (print styles hide the rest of the page), with
 * "print" (the browser's dialog) and "back".
 */
export function PrintView({ doc, series, title, onClose }: { doc: Budget | Invoice; series: Series | null; title: string; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="billing-print-view" data-testid="print-view">
      <div className="billing-no-print vk-form__actions">
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('output.closePrint')}
        </button>
        <button type="button" className="vk-btn vk-btn--primary" onClick={() => window.print()}>
          {t('output.printNow')}
        </button>
      </div>
      <div className="billing-printable card">
        <DocumentView doc={doc} series={series} title={title} />
      </div>
    </div>
  );
}
