import { useTranslation } from 'react-i18next';
import { Field, FormMessages, InputField, SubmitActions, UI_NAMESPACE, hexColor, useDraftForm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { PosterData, PosterDesign, PosterProduct, ProductsApi } from '../api';
import { MAX_CONTACT, MAX_HEADLINE, POSTER_FIELDS } from '../lists';
import { PosterSheet, posterColor } from './PosterSheet';

/** The design as sent: each field trimmed (an empty colour is the host's default). */
export function posterBody(draft: PosterDesign): PosterDesign {
  return { headline: draft.headline.trim(), contact: draft.contact.trim(), color: draft.color.trim() };
}

/**
 * A product's poster: the school's design (Titular, Pie, Color: a colour picker and its text),
 * saved for every poster with "Guardar el diseño" (`POST marketing/poster/update`, the three
 * fields; the host's errors under their fields), and the poster itself beside it, drawn from what
 * is typed before it is saved. "Imprimir" prints the sheet alone (products.css, `@media print`).
 * Without the shop's order page (`shop_url` null) there is no QR code, and a note says why.
 */
export function PosterEditor({ api, data, product }: { api: ProductsApi; data: PosterData; product: PosterProduct }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const { formId, draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<PosterDesign, PosterDesign>(() => ({ ...data.design }), {
    fields: POSTER_FIELDS,
    toBody: posterBody,
    validate: (d) => ({
      headline: [...d.headline.trim()].length > MAX_HEADLINE ? ui('form.maxLength', { count: MAX_HEADLINE }) : undefined,
      contact: [...d.contact.trim()].length > MAX_CONTACT ? ui('form.maxLength', { count: MAX_CONTACT }) : undefined,
      color: d.color.trim() && !hexColor(d.color) ? t('poster.invalidColor') : undefined,
    }),
    onSubmit: async (body) => {
      // the host's answer: trimmed, an empty colour as its default
      setDraft(await api.posters.update(body));
      toast.success(t('poster.design.saved'));
    },
    fallback: t('actionError'),
  });
  const color = posterColor(draft.color, data.design.color);

  return (
    <div className="products-poster-editor">
      <section className="card" aria-labelledby="products-poster-design-title">
        <h2 id="products-poster-design-title" className="card__title">
          {t('poster.design.title')}
        </h2>
        <p className="muted products-poster-editor__intro">{t('poster.design.intro')}</p>
        <form className="vk-form" aria-label={t('poster.design.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
          <FormMessages errors={errors.errors} general={errors.general} testId="poster-errors" />
          <InputField ctx={ctx} field="headline" label={t('poster.fields.headline')} hint={t('poster.hints.headline')} maxLength={MAX_HEADLINE} value={draft.headline} onChange={(headline) => set({ headline })} />
          <InputField ctx={ctx} field="contact" label={t('poster.fields.contact')} hint={t('poster.hints.contact')} maxLength={MAX_CONTACT} value={draft.contact} onChange={(contact) => set({ contact })} />
          <Field form={formId} field="color" label={t('poster.fields.color')} hint={t('poster.hints.color')} error={errors.errors.color}>
            <span className="products-poster-editor__color">
              <input
                type="color"
                className="vk-color"
                aria-label={t('poster.fields.colorPicker')}
                value={color}
                disabled={ctx.disabled}
                onChange={(ev) => set({ color: ev.target.value.toUpperCase() })}
              />
              <input className="vk-input" type="text" {...errors.control('color')} value={draft.color} maxLength={7} autoComplete="off" disabled={ctx.disabled} onChange={(ev) => set({ color: ev.target.value })} />
            </span>
          </Field>
          <SubmitActions busy={busy} label={t('poster.design.submit')} />
        </form>
        {data.shop_url ? (
          <p className="muted products-poster-editor__target" data-testid="poster-qr-target">
            {t('poster.qrTarget', { url: data.shop_url })}
          </p>
        ) : (
          <p className="vk-alert vk-alert--info" role="status" data-testid="poster-no-qr">
            {t('poster.noQr')}
          </p>
        )}
      </section>
      <section className="card products-poster-editor__preview" aria-labelledby="products-poster-preview-title">
        <div className="products-poster-editor__head">
          <h2 id="products-poster-preview-title" className="card__title">
            {t('poster.preview.title')}
          </h2>
          <button type="button" className="vk-btn vk-btn--primary" onClick={() => window.print()}>
            {t('poster.preview.print')}
          </button>
        </div>
        <p className="muted">{t('poster.preview.hint')}</p>
        <PosterSheet product={product} school={data.school} design={{ ...draft, color }} qrSvg={data.qr_svg} />
      </section>
    </div>
  );
}
