import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros, useProvinceOptions } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Budget, DocLine, Invoice, Series } from '../api';
import { percentText, quantityText } from '../format';
import { TotalsBox } from './TotalsBox';

/** The stored amounts per rate (sums of the lines, as the server stored them). */
export function ratesOf(lines: DocLine[]): { rate: number; base: number; tax: number }[] {
  const out: { rate: number; base: number; tax: number }[] = [];
  for (const l of lines) {
    const r = out.find((x) => x.rate === l.tax_rate);
    if (r) {
      r.base += l.base;
      r.tax += l.tax;
    } else out.push({ rate: l.tax_rate, base: l.base, tax: l.tax });
  }
  return out.sort((a, b) => b.rate - a.rate);
}

function discountText(type: string | null, value: number): string {
  if (type === 'percent') return `${percentText(value)} %`;
  if (type === 'amount') return formatEuros(value);
  return '';
}

/**
 * A saved budget or invoice as it stands on the server: issuer (with `series`), contact block,
 * dates, lines and the stored totals. It is also the print view.
 */
export function DocumentView({ doc, series, title }: { doc: Budget | Invoice; series?: Series | null; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const provinces = useProvinceOptions();
  const province = (id: number | null | undefined) => provinces.find((p) => p.value === id)?.label ?? '';
  const contact = doc.contact;
  return (
    <article className="billing-document" data-testid="document-view">
      <header className="billing-document__head">
        <div>
          <h2 className="billing-document__title">{title}</h2>
          <p className="billing-document__reference" data-testid="doc-reference">
            {doc.reference || t('document.noNumber')}
          </p>
        </div>
        <dl className="billing-document__dates">
          <dt>{t('fields.issue_date')}</dt>
          <dd>{formatDate(doc.issue_date)}</dd>
          {doc.due_date && (
            <>
              <dt>{t('fields.due_date')}</dt>
              <dd>{formatDate(doc.due_date)}</dd>
            </>
          )}
        </dl>
      </header>
      <div className="billing-document__parties">
        {series && (
          <section>
            <h3>{t('document.issuer')}</h3>
            <p>{series.issuer_name || series.name}</p>
            <p>{series.issuer_tax_code}</p>
            <p>{[series.issuer_street, series.issuer_postal_code, series.issuer_town, province(series.issuer_province_id)].filter(Boolean).join(', ')}</p>
          </section>
        )}
        <section data-testid="doc-contact">
          <h3>{t('document.client')}</h3>
          {contact && (contact.name || contact.tax_code) ? (
            <>
              <p>{contact.name}</p>
              <p>{contact.tax_code}</p>
              <p>{[contact.address?.street, contact.address?.postal_code, contact.address?.city, province(contact.address?.province_id)].filter(Boolean).join(', ')}</p>
              {contact.email && <p>{contact.email}</p>}
            </>
          ) : (
            <p className="muted">{t('document.noClient')}</p>
          )}
        </section>
      </div>
      <table className="vk-table" aria-label={t('editor.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('lines.concept')}</th>
            <th scope="col" className="billing-num">
              {t('lines.quantity')}
            </th>
            <th scope="col" className="billing-num">
              {t('lines.price')}
            </th>
            <th scope="col" className="billing-num">
              {t('lines.discount')}
            </th>
            <th scope="col" className="billing-num">
              {t('lines.base')}
            </th>
            <th scope="col">{t('lines.tax')}</th>
            <th scope="col" className="billing-num">
              {t('lines.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(doc.lines ?? []).map((l) => (
            <tr key={l.position}>
              <td>{l.concept}</td>
              <td className="billing-num">{quantityText(l.quantity)}</td>
              <td className="billing-num">{formatEuros(l.price)}</td>
              <td className="billing-num">{discountText(l.discount_type, l.discount_value)}</td>
              <td className="billing-num">{formatEuros(l.base)}</td>
              <td>{l.tax_name}</td>
              <td className="billing-num">{formatEuros(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsBox gross={doc.gross} discount={doc.discount} base={doc.base} tax={doc.tax} total={doc.total} byRate={ratesOf(doc.lines ?? [])} />
      {doc.notes && <p className="billing-document__notes">{doc.notes}</p>}
    </article>
  );
}
