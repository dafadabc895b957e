import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, PageState, fieldId, formatDate, useApi, useLoad, usePageLayout, useRecord } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type FolderDetail, type FolderFields } from '../api';
import { examRequestPath, folderListPath, folderViewPath } from '../paths';
import { ExamRequestSheet, receiptOf } from '../components/ExamRequestSheet';
import { useStudentName } from '../components/FolderStudents';

/** The folder named by `?folder=`: null without one, -1 when it names none. */
function folderOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : -1;
}

/**
 * `/dgt/folder/solicitud_pruebas_aptitud` — the request of exam places of a folder ("Solicitud
 * de pruebas de aptitud"), printable. A folder is chosen among the open and submitted ones
 * (`dgt/folder/read?status=`, newest exam first); choosing one sets `?folder=ID` (a closed one
 * is shown when the address names it). With a folder (`dgt/folder/read?id=`) and the business
 * (`business/read`, for the school's head): "Imprimir" (the browser's dialog: the sheet alone
 * prints), "Volver a la carpeta", a warning naming the students without a fee receipt number,
 * and the sheet (components/ExamRequestSheet.tsx).
 */
export default function ExamRequestPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const [params, setParams] = useSearchParams();
  const chosen = folderOf(params.get('folder'));
  const chooserId = useId();
  const nameOf = useStudentName();
  const folders = useLoad(api.folders.requestable);
  const business = useLoad(api.host.business, chosen !== null && chosen > 0);
  const { record, failed, load } = useRecord<FolderDetail>(chosen !== null && chosen > 0 ? chosen : 0, api.folders.read);
  // just after another folder is chosen, the record is still the previous one until it is read
  const folder = record && record.id === chosen ? record : null;
  const title = t('request.title');
  usePageLayout({
    title,
    breadcrumbs: [{ label: t('folders.title'), to: folderListPath() }, ...(folder ? [{ label: title, to: examRequestPath() }, { label: folder.reference }] : [{ label: title }])],
  });

  const label = (f: Pick<FolderFields, 'reference' | 'name' | 'exam_date'>) => [f.reference, f.name, formatDate(f.exam_date) || t('request.noDate')].filter(Boolean).join(' · ');
  const offered = folders.data ?? [];
  // a folder named by the address stays offered (a closed one is not in the list)
  const options = folder && !offered.some((f) => f.id === folder.id) ? [folder, ...offered] : offered;
  const selected = chosen !== null && options.some((f) => f.id === chosen) ? String(chosen) : '';
  const missing = folder ? folder.students.filter((s) => !receiptOf(s)) : [];

  let chooser;
  if (folders.failed !== null) chooser = <PageState error={folders.failed} onRetry={folders.reload} />;
  else if (!folders.data) chooser = <PageState error={null} />;
  else if (options.length === 0) {
    chooser = (
      <p className="dgt-actions" data-testid="request-no-folders">
        <span className="muted">{t('request.chooser.none')}</span>
        <Link to={folderListPath()}>{t('request.chooser.folders')}</Link>
      </p>
    );
  } else {
    chooser = (
      <Field form={chooserId} field="folder" label={t('request.chooser.label')} hint={t('request.chooser.hint')} className="dgt-request__chooser">
        <select
          className="vk-input"
          id={fieldId(chooserId, 'folder')}
          value={selected}
          onChange={(ev) => {
            if (ev.target.value) setParams({ folder: ev.target.value });
          }}
        >
          {!selected && <option value="">{t('request.chooser.empty')}</option>}
          {options.map((f) => (
            <option key={f.id} value={f.id}>
              {label(f)}
            </option>
          ))}
        </select>
      </Field>
    );
  }

  let request = null;
  if (chosen === -1) request = <PageState error={t('folders.view.notFound')} />;
  else if (chosen !== null && failed !== null) request = <PageState error={failed} onRetry={load} />;
  else if (chosen !== null && !folder) request = <PageState error={null} />;
  else if (folder) {
    request = (
      <>
        <section className="dgt-no-print dgt-section" aria-label={t('request.tools')} data-testid="request-tools">
          <div className="dgt-actions">
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => window.print()}>
              {t('request.print')}
            </button>
            <Link className="vk-btn vk-btn--light" to={folderViewPath(folder.id)}>
              {t('request.backToFolder')}
            </Link>
          </div>
          {missing.length > 0 && (
            <div className="vk-alert dgt-alert--warning" role="status" data-testid="request-missing">
              <p>{t('request.missing', { count: missing.length })}</p>
              <ul>
                {missing.map((s) => (
                  <li key={s.id}>{nameOf(s)}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
        <ExamRequestSheet folder={folder} business={business.data} />
      </>
    );
  }

  return (
    <div className="dgt-page" data-testid="exam-request">
      <section className="card dgt-no-print" aria-labelledby={`${chooserId}-title`} data-testid="request-chooser">
        <h2 id={`${chooserId}-title`} className="card__title">
          {t('request.chooser.title')}
        </h2>
        {chooser}
      </section>
      {request}
    </div>
  );
}
