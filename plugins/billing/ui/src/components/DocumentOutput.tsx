import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, errorList, saveBase64File, saveFile, useApi, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Budget, type Invoice } from '../api';

/**
 * A saved document's output: download the PDF (`invoice/pdf/{id}`, `budget/pdf/{id}`), the
 * Facturae XML of an issued invoice (`invoice/electronic/create`), send it by e-mail with the PDF
 * attached, and the print view.
 */
export function DocumentOutput({ kind, doc, onPrintView }: { kind: 'budget' | 'invoice'; doc: Budget | Invoice; onPrintView(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const [mailing, setMailing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(what: string, task: () => Promise<void>) {
    setBusy(what);
    try {
      await task();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    } finally {
      setBusy(null);
    }
  }

  const pdf = () => run('pdf', async () => saveBase64File(await (kind === 'invoice' ? api.invoices.pdf(doc.id) : api.budgets.pdf(doc.id))));
  const xml = () =>
    run('xml', async () => {
      const file = await api.invoices.xml(doc.id);
      saveFile(file.filename, file.content_type, file.xml);
    });

  return (
    <div className="billing-output">
      <div className="billing-output__buttons">
        <button type="button" className="vk-btn vk-btn--light" disabled={busy === 'pdf'} onClick={() => void pdf()}>
          {t('output.pdf')}
        </button>
        {kind === 'invoice' && doc.state === 'issued' && (
          <button type="button" className="vk-btn vk-btn--light" disabled={busy === 'xml'} onClick={() => void xml()}>
            {t('output.xml')}
          </button>
        )}
        <button type="button" className="vk-btn vk-btn--light" onClick={() => setMailing((m) => !m)} aria-expanded={mailing}>
          {t('output.email')}
        </button>
        <button type="button" className="vk-btn vk-btn--light" onClick={onPrintView}>
          {t('output.print')}
        </button>
      </div>
      {mailing && <EmailForm kind={kind} doc={doc} onDone={() => setMailing(false)} />}
    </div>
  );
}

function EmailForm({ kind, doc, onDone }: { kind: 'budget' | 'invoice'; doc: Budget | Invoice; onDone(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const [to, setTo] = useState(doc.contact?.email ?? '');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setErrors([]);
    const body = { id: doc.id, to: to.split(/[,;\s]+/).filter(Boolean), subject: subject.trim(), message: message.trim() };
    try {
      const sent = await (kind === 'invoice' ? api.invoices.email(body) : api.budgets.email(body));
      toast.success(t('output.sent', { to: sent.to.join(', ') }));
      onDone();
    } catch (e) {
      setErrors(errorList(e).map((item) => [item.details || item.code, (item.data as { reason?: string } | null)?.reason].filter(Boolean).join(': ')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="billing-email"
      aria-label={t('output.emailForm')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <ErrorList messages={errors} testId="email-errors" />
      <label className="vk-field">
        <span className="vk-label">{t('output.to')}</span>
        <input className="vk-input" value={to} placeholder={t('output.toHint')} onChange={(e) => setTo(e.target.value)} />
      </label>
      <label className="vk-field">
        <span className="vk-label">{t('output.subject')}</span>
        <input className="vk-input" value={subject} placeholder={t('output.subjectHint')} onChange={(e) => setSubject(e.target.value)} />
      </label>
      <label className="vk-field">
        <span className="vk-label">{t('output.message')}</span>
        <textarea className="vk-input" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <div className="vk-form__actions">
        <button type="button" className="vk-btn vk-btn--light" onClick={onDone}>
          {t('cancel')}
        </button>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
          {t('output.send')}
        </button>
      </div>
    </form>
  );
}
