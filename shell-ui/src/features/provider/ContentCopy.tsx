import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormMessages, PageState, SelectField, errorList, useApi, useConfirm, useFieldErrors, useLoad, useToast, type FieldErrors, type FormContext } from '@volante/plugin-ui';
import { providerCalls, type ProviderCalls } from './api';
import type { Business, CopyKind, CopyResult, InitialPositions } from './types';
import './content.css';

const COPY_FIELDS = ['kind', 'from'] as const;

/**
 * The "Contenido" tab of a business (`?tab=content`): what the provider copies into it from
 * another business (CopyContent) and its default job positions (DefaultPositions).
 */
export function ContentCopy({ business }: { business: Business }) {
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  return (
    <div className="content-copy">
      <CopyContent business={business} calls={calls} />
      <DefaultPositions business={business} calls={calls} />
    </div>
  );
}

/**
 * "Copiar contenido de otra empresa" (`business/copy`): a kind of content the installed plugins
 * copy (`business/copy/kinds`) from another business, chosen by name, into this one, whole or not
 * at all; what this one already has is kept and not repeated. Asked first; the answer says how
 * many items are new and how many were there already. When this business lacks the kind's service
 * a warning points to "Módulos" (the host refuses it too: SERVICE-000). The host's errors about
 * the content or the source show under their field, the rest above the form.
 */
function CopyContent({ business, calls }: { business: Business; calls: ProviderCalls }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const formId = useId();
  const errors = useFieldErrors(formId, COPY_FIELDS);
  const kinds = useLoad(calls.copies.kinds);
  const businesses = useLoad(calls.business.list);
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CopyResult | null>(null);

  // The other businesses, by name.
  const others = useMemo(
    () => (businesses.data ?? []).filter((b) => b.business_id !== business.business_id).sort((a, b) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' })),
    [businesses.data, business.business_id],
  );

  const titleId = `${formId}-title`;
  const heading = (
    <h2 id={titleId} className="content-copy__title">
      {t('provider.content.copyTitle')}
    </h2>
  );
  if (!kinds.data || !businesses.data) {
    return (
      <section className="content-copy__section" aria-labelledby={titleId} data-testid="content-copy">
        {heading}
        <PageState
          error={kinds.failed ?? businesses.failed}
          onRetry={() => {
            if (kinds.failed !== null) kinds.reload();
            if (businesses.failed !== null) businesses.reload();
          }}
        />
      </section>
    );
  }
  if (kinds.data.length === 0) {
    return (
      <section className="content-copy__section" aria-labelledby={titleId} data-testid="content-copy">
        {heading}
        <p className="muted" data-testid="content-copy-none">
          {t('provider.content.none')}
        </p>
      </section>
    );
  }

  const chosen: CopyKind | undefined = kinds.data.find((k) => k.kind === kind);
  const source = others.find((b) => String(b.business_id) === from);
  const lacksService = !!chosen && !(business.services ?? []).some((s) => s.id === chosen.service);
  const ctx: FormContext = { formId, errors, disabled: busy };
  // A field's message goes once it is changed.
  const clearError = (field: string) => {
    if (errors.errors[field]) errors.setErrors(Object.fromEntries(Object.entries(errors.errors).filter(([key]) => key !== field)));
  };

  async function copy(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing: FieldErrors = {};
    if (!chosen) missing.kind = t('provider.content.kindRequired');
    if (!source) missing.from = t('provider.content.fromRequired');
    if (!chosen || !source) {
      errors.reset();
      errors.setErrors(missing);
      return;
    }
    const ok = await confirm({
      title: t('provider.content.confirmTitle'),
      message: t('provider.content.confirmMessage', { content: chosen.label, from: source.name, to: business.name }),
      confirmLabel: t('provider.content.copy'),
    });
    if (!ok) return;
    errors.reset();
    setResult(null);
    setBusy(true);
    try {
      const answer = await calls.copies.copy({ from: source.business_id, to: business.business_id, kind: chosen.kind });
      setResult(answer);
      toast.success(t('provider.content.copiedToast', { from: answer.from?.name ?? source.name, to: answer.to?.name ?? business.name }));
    } catch (failure) {
      errors.fail(failure, t('provider.content.copyError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="content-copy__section" aria-labelledby={titleId} data-testid="content-copy">
      {heading}
      <p>{t('provider.content.copyExplain', { name: business.name })}</p>
      <FormMessages errors={errors.errors} general={errors.general} testId="content-copy-errors" />
      <form className="vk-form content-copy__form" noValidate onSubmit={(e) => void copy(e)} aria-labelledby={titleId} aria-busy={busy}>
        <SelectField
          ctx={ctx}
          field="kind"
          label={t('provider.content.kind')}
          value={kind}
          empty={t('provider.content.kindEmpty')}
          options={kinds.data.map((k) => ({ value: k.kind, label: k.label }))}
          onChange={(value) => {
            setKind(value);
            clearError('kind');
          }}
        />
        <SelectField
          ctx={ctx}
          field="from"
          label={t('provider.content.from')}
          value={from}
          empty={t('provider.content.fromEmpty')}
          options={others.map((b) => ({ value: String(b.business_id), label: b.name }))}
          onChange={(value) => {
            setFrom(value);
            clearError('from');
          }}
        />
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy} aria-busy={busy}>
          {t('provider.content.copy')}
        </button>
      </form>
      {lacksService && chosen && (
        <p className="vk-alert content-copy__warning" role="status" data-testid="content-copy-service">
          {t('provider.content.serviceMissing', { name: business.name, plugin: chosen.plugin_name || chosen.plugin })}{' '}
          <Link to="?tab=modules">{t('provider.content.openModules')}</Link>
        </p>
      )}
      {result && (
        <div className="vk-alert vk-alert--success content-copy__result" role="status" data-testid="content-copy-result">
          <p className="content-copy__counts" data-testid="content-copy-counts">
            {t('provider.content.copied', {
              created: t('provider.content.created', { count: result.created ?? 0 }),
              skipped: t('provider.content.skipped', { count: result.skipped ?? 0 }),
            })}
          </p>
          <p className="content-copy__what">{t('provider.content.copiedWhat', { content: result.label, from: result.from?.name ?? '', to: result.to?.name ?? business.name })}</p>
        </div>
      )}
    </section>
  );
}

/**
 * "Puestos de trabajo": "Añadir los puestos por defecto" (`business/initalpositions`) gives the
 * business the default positions it lacks; the answer says which were added (or that it had
 * them all) and lists its positions.
 */
function DefaultPositions({ business, calls }: { business: Business; calls: ProviderCalls }) {
  const { t } = useTranslation();
  const titleId = `${useId()}-positions`;
  const [answer, setAnswer] = useState<InitialPositions | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      setAnswer(await calls.business.initialPositions(business.business_id));
    } catch (failure) {
      setFailed(errorList(failure)[0]?.details || t('provider.content.positionsError'));
    } finally {
      setBusy(false);
    }
  }

  const added = answer?.added ?? [];
  return (
    <section className="content-copy__section" aria-labelledby={titleId} data-testid="content-positions">
      <h2 id={titleId} className="content-copy__title">
        {t('provider.content.positionsTitle')}
      </h2>
      <p>{t('provider.content.positionsExplain')}</p>
      <button type="button" className="vk-btn vk-btn--outline" disabled={busy} aria-busy={busy} onClick={() => void add()}>
        {t('provider.content.positionsAdd')}
      </button>
      {failed !== null && (
        <p className="vk-alert vk-alert--danger content-copy__result" role="alert" data-testid="content-positions-error">
          {failed}
        </p>
      )}
      {answer && (
        <div className="content-copy__result">
          <p className={added.length > 0 ? 'vk-alert vk-alert--success' : 'vk-alert vk-alert--info'} role="status" data-testid="content-positions-added">
            {added.length > 0 ? t('provider.content.positionsAdded', { names: added.join(', ') }) : t('provider.content.positionsComplete')}
          </p>
          <ul className="content-copy__positions" aria-label={t('provider.content.positionsList', { name: business.name })}>
            {(answer.positions ?? []).map((p) => (
              <li key={p.position_id}>{p.name}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
