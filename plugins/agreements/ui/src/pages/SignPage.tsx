import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  Field,
  FormActions,
  InputField,
  PageState,
  UI_NAMESPACE,
  errorList,
  fieldId,
  formatDateTime,
  hasErrorCode,
  useApi,
  useDraftForm,
  type FieldErrors,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { agreementsApi, type SigningView } from '../api';
import { GUARDIAN_FIELDS, MAX_ADDRESS, MAX_NAME, type SignerField } from '../lists';
import { isMinor } from '../format';
import { SIGN_FIELDS, askedFields, guardianShown, signBody, signProblems, signerDraft, type SignProblem } from '../components/signerDraft';
import { SignaturePad } from '../components/SignaturePad';
import { FormCard } from '../components/FormCard';

/** Why the page cannot show the request: a link that no longer works, one never issued, or the service gone. */
type Closed = 'expired' | 'unknown' | 'unavailable';

/** The host's refusal of a link (README "The public page's calls") as the page says it; null for another failure. */
function closedBy(failure: unknown): Closed | null {
  if (hasErrorCode(failure, 'LINK-001')) return 'expired';
  if (hasErrorCode(failure, 'NOT-FOUND-000')) return 'unknown';
  if (hasErrorCode(failure, 'SERVICE-000')) return 'unavailable';
  return null;
}

/**
 * `/agreement/sign/:reference` — the public signing page (no session: the shell shows it in its
 * public layout). `GET agreement/request/read?reference=`: the business, the agreement (name,
 * description, cover, a link that opens its PDF through the link), and the signer's form; once
 * signed (or when opened already signed), "Acuerdo firmado" with the day and the signed PDF. A
 * revoked or expired link (`LINK-001`) says "Este enlace ya no es válido"; an unknown one
 * (`NOT-FOUND-000`) "Enlace no encontrado".
 */
export default function SignPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => agreementsApi(client), [client]);
  const reference = useParams().reference ?? '';
  const [view, setView] = useState<SigningView | null>(null);
  const [closed, setClosed] = useState<Closed | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(null);
    api.signing.read(reference).then(setView, (failure) => {
      const why = closedBy(failure);
      if (why) setClosed(why);
      else setFailed(errorList(failure)[0]?.details ?? '');
    });
  }, [api, reference]);
  useEffect(load, [load]);

  if (closed) {
    return (
      <section className="card agreements-public agreements-public--closed" data-testid={`link-${closed}`}>
        <h1 className="agreements-public__title">{t(`sign.closed.${closed}.title`)}</h1>
        <p>{t(`sign.closed.${closed}.message`)}</p>
      </section>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!view) return <PageState error={null} />;

  const { agreement } = view;
  return (
    <div className="agreements-public" data-testid="sign-page">
      <section className="card" aria-labelledby="agreements-sign-title">
        {view.business_name && (
          <p className="muted agreements-public__business" data-testid="sign-business">
            {view.business_name}
          </p>
        )}
        <h1 id="agreements-sign-title" className="agreements-public__title" data-testid="sign-title">
          {agreement.name}
        </h1>
        {agreement.type_name && <span className="vk-badge">{agreement.type_name}</span>}
        {agreement.cover_url && <img className="agreements-public__cover" src={agreement.cover_url} alt={t('sign.cover', { name: agreement.name })} />}
        {agreement.description && (
          <p className="agreements-text" data-testid="sign-description">
            {agreement.description}
          </p>
        )}
        {agreement.pdf_url && (
          <a className="vk-btn vk-btn--outline" href={agreement.pdf_url} target="_blank" rel="noreferrer" data-testid="sign-pdf">
            {t('sign.readPdf')}
          </a>
        )}
      </section>
      {view.status === 'signed' ? (
        <SignedCard view={view} />
      ) : (
        <SignerForm
          view={view}
          onSign={async (body) => setView(await api.signing.sign(body))}
          onRefused={(failure) => {
            const why = closedBy(failure);
            if (why) setClosed(why);
            // signed meanwhile (another tab): the page shows it
            else if (hasErrorCode(failure, 'CONFLICT-000')) load();
          }}
        />
      )}
    </div>
  );
}

/** "Acuerdo firmado": when, and the signed PDF to download. */
function SignedCard({ view }: { view: SigningView }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card agreements-signed" role="status" data-testid="signed">
      <h2 className="card__title">{t('sign.signed.title')}</h2>
      {view.signed_at && <p data-testid="signed-at">{t('sign.signed.at', { date: formatDateTime(view.signed_at) })}</p>}
      {view.signed_url && (
        <a className="vk-btn vk-btn--primary" href={`${view.signed_url}&download=1`} download data-testid="signed-download">
          {t('sign.signed.download')}
        </a>
      )}
    </section>
  );
}

/**
 * The signer's details (name and document always, what the template prints, the guardian's
 * below `guardian_below` years and whenever the signer adds them), the signature pad and
 * "Firmar". Refused here: an empty signature ("La firma no puede estar vacía"), a required field
 * left empty, a minor without a guardian; the host's refusals go under their field.
 */
function SignerForm({ view, onSign, onRefused }: { view: SigningView; onSign(body: ReturnType<typeof signBody>): Promise<void>; onRefused(failure: unknown): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const message = (problem: SignProblem) =>
    ({
      signature: t('sign.errors.signature'),
      required: ui('form.required'),
      guardianName: t('sign.errors.guardianName', { years: view.guardian_below }),
      guardianDocument: t('sign.errors.guardianDocument'),
    })[problem];
  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => signerDraft(view), {
    fields: SIGN_FIELDS,
    toBody: (d) => signBody(view.reference, d),
    validate: (d): FieldErrors => Object.fromEntries(Object.entries(signProblems(view, d)).map(([field, problem]) => [field, message(problem)])),
    onSubmit: onSign,
    fallback: t('sign.errors.failed'),
    onRefused,
  });
  const minor = isMinor(draft.birthday, view.guardian_below);
  // a field the host refused is shown even if the page would not ask for it
  const withErrors = (fields: readonly SignerField[]) => fields.filter((f) => errors.errors[f]);
  const own = [...new Set([...askedFields(view), ...withErrors(['birthday', 'address', 'city', 'province', 'postal_code', 'phone'])])];
  const guardian = guardianShown(view, draft) || withErrors(GUARDIAN_FIELDS).length > 0;
  const required = (f: SignerField) => f === 'name' || f === 'document' || view.fields.includes(f);
  const signatureId = fieldId(formId, 'signature');

  const input = (field: SignerField, isRequired: boolean) => (
    <InputField
      key={field}
      ctx={ctx}
      field={field}
      label={t(`signer.${field}`)}
      value={draft[field]}
      type={field === 'birthday' ? 'date' : 'text'}
      maxLength={field === 'address' ? MAX_ADDRESS : MAX_NAME}
      required={isRequired}
      onChange={(value) => set({ [field]: value })}
    />
  );

  return (
    <FormCard id="agreements-signer-title" title={t('sign.form.title')} busy={busy} errors={errors} errorsTestId="sign-errors" onSubmit={handleSubmit}>
      <div className="vk-form__grid">{own.map((f) => input(f, required(f)))}</div>
      {!minor && !view.fields.some((f) => GUARDIAN_FIELDS.includes(f)) && (
        <CheckField ctx={ctx} field="withGuardian" label={t('sign.form.withGuardian')} checked={draft.withGuardian} onChange={(withGuardian) => set({ withGuardian })} />
      )}
      {guardian && (
        <fieldset className="agreements-guardian" data-testid="guardian">
          <legend>{t('sign.form.guardian')}</legend>
          {minor && (
            <p className="vk-alert vk-alert--info" role="status" data-testid="guardian-notice">
              {t('sign.form.minor', { years: view.guardian_below })}
            </p>
          )}
          <div className="vk-form__grid">{GUARDIAN_FIELDS.map((f) => input(f, minor))}</div>
        </fieldset>
      )}
      <Field form={formId} field="signature" label={t('sign.signature.label')} error={errors.errors.signature} required hint={t('sign.signature.hint')} className="vk-field--wide">
        <SignaturePad
          id={signatureId}
          invalid={!!errors.errors.signature}
          describedBy={errors.errors.signature ? `${signatureId}-error` : undefined}
          disabled={busy}
          onChange={(signature) => {
            set({ signature });
            // something drawn: the refusal of an empty one no longer applies
            if (signature) errors.setErrors(({ signature: _drawn, ...others }) => others);
          }}
        />
      </Field>
      <p className="muted">{t('sign.form.consent')}</p>
      <FormActions>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
          {busy ? t('sign.form.signing') : t('sign.form.submit')}
        </button>
      </FormActions>
    </FormCard>
  );
}
