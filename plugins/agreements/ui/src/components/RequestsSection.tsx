import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, errorList, fileReadUrl, formatDateTime, useConfirm, useSession, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AgreementDetail, AgreementsApi, SignRequest } from '../api';
import { signingUrl } from '../paths';
import { RequestDialog } from './RequestDialog';
import { StatusBadge } from './StatusBadge';

/**
 * An agreement's signature requests, newest first: the signer, the address the link went to,
 * when it was made, its status ("Pendiente", "Firmado") and when it was signed, the signed PDF,
 * the signing page's link ("Copiar enlace" puts its full address on the clipboard) and, while
 * pending, "Eliminar" (asked first: its link stops working). "Solicitar firma" opens the request
 * dialog; the agreement needs its PDF first. `onChanged` reads the agreement again.
 */
export function RequestsSection({ api, agreement, readOnly, onChanged }: { api: AgreementsApi; agreement: AgreementDetail; readOnly: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const confirm = useConfirm();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const token = session.store.getToken();
  const nameOf = (r: SignRequest) => r.signer?.name || r.email || t('requests.unnamed');

  async function copy(request: SignRequest) {
    const url = signingUrl(request.path);
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('requests.copied', { url }));
    } catch {
      // no clipboard (an insecure page, a refusal): the address to copy by hand
      toast.info(t('requests.copyByHand', { url }));
    }
  }

  async function remove(request: SignRequest) {
    const ok = await confirm({
      title: t('requests.delete.title'),
      message: t('requests.delete.question', { name: nameOf(request) }),
      confirmLabel: t('requests.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.requests.remove(request.id);
      toast.success(t('requests.delete.done', { name: nameOf(request) }));
      onChanged();
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
      onChanged();
    }
  }

  const columns: Column<SignRequest>[] = [
    {
      key: 'signer',
      header: t('requests.columns.signer'),
      render: (r) => (
        <span data-testid="request-signer">
          {r.signer?.name || t('none')}
          {r.signer?.document && <span className="muted"> · {r.signer.document}</span>}
        </span>
      ),
    },
    { key: 'email', header: t('requests.columns.email'), render: (r) => r.email || t('none') },
    { key: 'created', header: t('requests.columns.created'), className: 'agreements-nowrap', render: (r) => formatDateTime(r.created_at) },
    { key: 'status', header: t('requests.columns.status'), render: (r) => <StatusBadge status={r.status} /> },
    { key: 'signed_at', header: t('requests.columns.signed_at'), className: 'agreements-nowrap', render: (r) => (r.signed_at ? <span data-testid="request-signed-at">{formatDateTime(r.signed_at)}</span> : t('none')) },
    {
      key: 'actions',
      header: t('requests.columns.actions'),
      className: 'vk-table__actions',
      render: (r) => (
        <span className="agreements-inline">
          {r.signed_file_id && (
            <a className="vk-btn vk-btn--light" href={fileReadUrl(r.signed_file_id, token)} target="_blank" rel="noreferrer" aria-label={t('requests.signedPdfNamed', { name: nameOf(r) })} data-testid="request-signed-pdf">
              {t('requests.signedPdf')}
            </a>
          )}
          <a className="vk-btn vk-btn--light" href={signingUrl(r.path)} target="_blank" rel="noreferrer" aria-label={t('requests.openNamed', { name: nameOf(r) })} data-testid="request-link">
            {t('requests.open')}
          </a>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('requests.copyNamed', { name: nameOf(r) })} onClick={() => void copy(r)}>
            {t('requests.copy')}
          </button>
          {r.status === 'requested' && !readOnly && (
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('requests.delete.named', { name: nameOf(r) })} onClick={() => void remove(r)}>
              {t('requests.delete.action')}
            </button>
          )}
        </span>
      ),
    },
  ];

  const canAsk = !readOnly && agreement.pdf_file_id !== null;
  return (
    <section className="card agreements-section" aria-labelledby="agreements-requests-title" data-testid="requests">
      <div className="agreements-section__head">
        <h2 id="agreements-requests-title" className="card__title">
          {t('requests.title')}
        </h2>
        {!readOnly && (
          <button type="button" className="vk-btn vk-btn--primary" disabled={!canAsk} onClick={() => setAsking(true)}>
            {t('requests.new')}
          </button>
        )}
      </div>
      {!readOnly && !canAsk && (
        <p className="muted" data-testid="requests-need-pdf">
          {t('requests.needPdf')}
        </p>
      )}
      <ErrorList messages={failures} testId="request-action-errors" />
      <DataTable columns={columns} rows={agreement.requests ?? []} rowKey={(r) => r.id} label={t('requests.table')} empty={t('requests.empty')} />
      {asking && (
        <RequestDialog
          api={api}
          agreement={agreement}
          onClose={() => setAsking(false)}
          onCreated={() => {
            setAsking(false);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
