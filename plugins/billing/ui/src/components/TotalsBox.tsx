import { useTranslation } from 'react-i18next';
import { formatEuros } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { percentText } from '../format';
import type { Totals } from '../totals';

/** A document's amounts (the editor's preview, or the stored ones), in cents. */
export type TotalsBoxProps = Omit<Totals, 'lines'> & {
  /** The editor's preview (computed in the browser) or the stored amounts. */
  preview?: boolean;
};

/** Gross, discounts, base, taxes per rate and total, in euros. */
export function TotalsBox({ gross, discount, base, tax, total, byRate, preview }: TotalsBoxProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="billing-totals" aria-label={t(preview ? 'totals.preview' : 'totals.title')} data-testid={preview ? 'totals-preview' : 'totals'}>
      <dl>
        <dt>{t('totals.gross')}</dt>
        <dd data-testid="totals-gross">{formatEuros(gross)}</dd>
        <dt>{t('totals.discount')}</dt>
        <dd data-testid="totals-discount">{formatEuros(discount)}</dd>
        <dt>{t('totals.base')}</dt>
        <dd data-testid="totals-base">{formatEuros(base)}</dd>
        {byRate.map((r) => (
          <FragmentRate key={r.rate} rate={r.rate} base={r.base} tax={r.tax} />
        ))}
        <dt>{t('totals.tax')}</dt>
        <dd data-testid="totals-tax">{formatEuros(tax)}</dd>
        <dt className="billing-totals__total">{t('totals.total')}</dt>
        <dd className="billing-totals__total" data-testid="totals-total">
          {formatEuros(total)}
        </dd>
      </dl>
      {preview && <p className="muted billing-totals__note">{t('totals.previewNote')}</p>}
    </section>
  );
}

function FragmentRate({ rate, base, tax }: { rate: number; base: number; tax: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <dt className="billing-totals__rate">{t('totals.rate', { rate: percentText(rate), base: formatEuros(base) })}</dt>
      <dd className="billing-totals__rate">{formatEuros(tax)}</dd>
    </>
  );
}
