import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, errorList, formatDate, useApi, useConfirm, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type FolderDetail, type FolderFields, type FolderStatus } from '../api';
import { RESULTS } from '../lists';
import { changedFields } from '../format';
import { examRequestPath, folderListPath } from '../paths';
import { branchName, useBranches } from '../useBranches';
import { useLoad } from '@volante/plugin-ui';
import { FolderStatusBadge } from '../components/Badges';
import { FolderForm } from '../components/FolderForm';
import { FolderStudents } from '../components/FolderStudents';

/**
 * `/dgt/folder/view/:dgt_folder_id` — an exam folder (`GET dgt/folder/read?id=`): its data
 * ("Editar carpeta"), its status ("Presentar", "Volver a abrir", "Cerrar carpeta", with
 * `dgt/folder/update`), its printable request of exam places ("Solicitud de pruebas"), how many
 * got each result, and its students (the result of each, set
 * with `student/update`; "Añadir alumno" and "Quitar" while the folder is open). A closed folder
 * is read only.
 */
export default function FolderViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const id = Number(useParams().dgt_folder_id) || 0;
  const toast = useToast();
  const confirm = useConfirm();
  const { record: folder, show, failed, formKey, load } = useRecord<FolderDetail>(id, api.folders.read);
  const changing = !!folder && folder.status !== 'closed' && folder.state !== 'deleted';
  const taxes = useLoad(api.taxes.all, changing);
  const branches = useBranches(api);
  const [editing, setEditing] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const title = folder ? [folder.reference, folder.name].filter(Boolean).join(' · ') : t('folders.view.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('folders.title'), to: folderListPath() }, { label: title }] });

  if (!id) return <PageState error={t('folders.view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!folder) return <PageState error={null} />;

  async function setStatus(status: FolderStatus, done: string) {
    if (status === 'closed') {
      const ok = await confirm({ title: t('folders.view.closeTitle'), message: t('folders.view.closeQuestion', { reference: folder?.reference }), confirmLabel: t('folders.view.close') });
      if (!ok) return;
    }
    setFailures([]);
    // back to open: no longer handed in
    const fields: Partial<FolderFields> = status === 'open' ? { status, submitted_on: null } : { status };
    try {
      show(await api.folders.update(id, fields));
      toast.success(done);
      setEditing(false);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  const branch = branchName(branches, folder.branch_id);
  const deleted = folder.state === 'deleted';
  return (
    <div className="dgt-page" data-testid="folder-view">
      <section className="card dgt-head" data-testid="folder-head">
        <div>
          <h2 className="dgt-head__name" data-testid="folder-title">
            {title}
          </h2>
          <p className="muted">{[t(`examKind.${folder.exam_kind}`), t('folders.view.licence', { licence: folder.licence }), branch].filter(Boolean).join(' · ')}</p>
          <p className="dgt-badges">
            <FolderStatusBadge status={folder.status} />
            {deleted && <DeletedBadge />}
          </p>
        </div>
        <dl className="dgt-facts">
          <dt>{t('folders.fields.exam_centre')}</dt>
          <dd>{folder.exam_centre || t('none')}</dd>
          <dt>{t('folders.fields.exam_date')}</dt>
          <dd data-testid="folder-exam-date">{formatDate(folder.exam_date) || t('none')}</dd>
          <dt>{t('folders.fields.submitted_on')}</dt>
          <dd data-testid="folder-submitted">{formatDate(folder.submitted_on) || t('none')}</dd>
        </dl>
        <dl className="dgt-facts" data-testid="folder-results" aria-label={t('folders.view.results')}>
          {RESULTS.map((r) => (
            <div key={r} className="dgt-facts__row" data-testid={`results-${r}`}>
              <dt>{t(`resultPlural.${r}`)}</dt>
              <dd>{folder.results?.[r] ?? 0}</dd>
            </div>
          ))}
        </dl>
        <div className="dgt-actions">
          <Link className="vk-btn vk-btn--light" to={folderListPath()}>
            {t('back')}
          </Link>
          {!deleted && (
            <Link className="vk-btn vk-btn--light" to={examRequestPath(folder.id)}>
              {t('folders.view.request')}
            </Link>
          )}
          {changing && (
            <>
              <button type="button" className="vk-btn vk-btn--light" aria-pressed={editing} onClick={() => setEditing(!editing)}>
                {t('folders.view.edit')}
              </button>
              {folder.status === 'open' && (
                <button type="button" className="vk-btn vk-btn--primary" onClick={() => void setStatus('submitted', t('folders.view.submitted'))}>
                  {t('folders.view.submit')}
                </button>
              )}
              {folder.status === 'submitted' && (
                <button type="button" className="vk-btn vk-btn--light" onClick={() => void setStatus('open', t('folders.view.reopened'))}>
                  {t('folders.view.reopen')}
                </button>
              )}
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void setStatus('closed', t('folders.view.closed'))}>
                {t('folders.view.close')}
              </button>
            </>
          )}
        </div>
        <ErrorList messages={failures} testId="folder-action-errors" />
      </section>
      {!changing && (
        <p className="vk-alert vk-alert--info" role="status">
          {t(deleted ? 'folders.view.deletedNotice' : 'folders.view.closedNotice')}
        </p>
      )}
      {editing && changing && (
        <section className="card" aria-labelledby="dgt-folder-edit-title">
          <h2 id="dgt-folder-edit-title" className="card__title">
            {t('folders.view.editTitle')}
          </h2>
          <FolderForm
            key={formKey}
            folder={folder}
            branches={branches}
            label={t('folders.view.editTitle')}
            submitLabel={t('save')}
            onSubmit={async (body) => {
              const changed = changedFields(body, folder);
              if (Object.keys(changed).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              show(await api.folders.update(id, changed));
              toast.success(t('folders.view.saved'));
              setEditing(false);
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setEditing(false)}>
                {t('cancel')}
              </button>
            }
          />
        </section>
      )}
      <FolderStudents api={api} folder={folder} taxes={taxes.data ?? []} changing={changing} onSaved={(answer) => show(answer, { redraw: false })} />
    </div>
  );
}
