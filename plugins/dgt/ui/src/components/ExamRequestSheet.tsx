import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useProvinceOptions, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Business, FolderDetail, FolderStudent } from '../api';
import { longDate, today } from '../format';
import { useStudentName } from './FolderStudents';

/** A student's fee receipt number (justificante), '' when there is none. */
export const receiptOf = (student: Pick<FolderStudent, 'tax_number'>) => (student.tax_number ?? '').trim();

/** Where the place of the foot is written by hand when the business has no town. */
const BLANK_PLACE = '____________________';

export interface ExamRequestSheetProps {
  folder: FolderDetail;
  /** `GET business/read`; null while it comes, or when it cannot be read (the session's names are printed). */
  business: Business | null;
}

/**
 * The request of exam places of a folder ("Solicitud de pruebas de aptitud"), the paper the
 * school hands in (or keeps) when it presents its students to a DGT exam: the school (legal and
 * trade names, NIF, address, the folder's branch), the folder's reference, the exam (kind,
 * licence class, centre, date or "Sin fecha"), the numbered students (name, DNI/NIE, register
 * entry number, fee and its receipt number, "Falta" when there is none), and at the foot the
 * place and today's date and the line for the director's signature and the school's stamp. It is
 * what "Imprimir" prints alone (the kit's `vk-printable`; its own print rules in dgt.css).
 */
export function ExamRequestSheet({ folder, business }: ExamRequestSheetProps) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const provinces = useProvinceOptions();
  const nameOf = useStudentName();
  const titleId = useId();
  const own = session.user?.business;
  const legalName = (business?.fiscal_name || own?.fiscal_name || business?.name || own?.name || '').trim();
  const tradeName = (business?.name || own?.name || '').trim();
  const province = provinces.find((p) => p.value === business?.province_id)?.label ?? '';
  const town = [business?.postal_code?.trim(), business?.city?.trim()].filter(Boolean).join(' ');
  const address = [business?.address?.trim(), town, province].filter(Boolean).join(', ');
  const nif = business?.fiscal_code?.trim();
  const branch = folder.branch_name?.trim();
  const none = t('none');

  return (
    <article className="card vk-printable dgt-request" aria-labelledby={titleId} data-testid="request-sheet">
      <header className="dgt-request__head">
        <div className="dgt-request__school" data-testid="request-school">
          <strong>{legalName}</strong>
          {tradeName && tradeName !== legalName && <span>{tradeName}</span>}
          {nif && <span>{t('request.school.nif', { nif })}</span>}
          {address && <span>{address}</span>}
          {branch && <span>{t('request.school.branch', { branch })}</span>}
        </div>
        <div className="dgt-request__title">
          <h2 id={titleId}>{t('request.title')}</h2>
          <p data-testid="request-reference">{t('request.reference', { reference: folder.reference })}</p>
        </div>
      </header>
      <p>{t('request.intro')}</p>
      <dl className="dgt-request__exam" data-testid="request-exam">
        <div>
          <dt>{t('request.exam.kind')}</dt>
          <dd>{t(`examKind.${folder.exam_kind}`)}</dd>
        </div>
        <div>
          <dt>{t('request.exam.licence')}</dt>
          <dd>{folder.licence}</dd>
        </div>
        <div>
          <dt>{t('request.exam.centre')}</dt>
          <dd>{folder.exam_centre.trim() || none}</dd>
        </div>
        <div>
          <dt>{t('request.exam.date')}</dt>
          <dd data-testid="request-exam-date">{formatDate(folder.exam_date) || t('request.noDate')}</dd>
        </div>
      </dl>
      {folder.students.length === 0 ? (
        <p className="muted" data-testid="request-no-students">
          {t('request.noStudents')}
        </p>
      ) : (
        <>
          <table className="vk-table dgt-request__students" aria-label={t('request.students')}>
            <thead>
              <tr>
                <th scope="col" className="dgt-num">
                  {t('request.columns.number')}
                </th>
                <th scope="col">{t('request.columns.name')}</th>
                <th scope="col">{t('request.columns.document')}</th>
                <th scope="col">{t('request.columns.entry')}</th>
                <th scope="col">{t('request.columns.tax')}</th>
                <th scope="col">{t('request.columns.tax_number')}</th>
              </tr>
            </thead>
            <tbody>
              {folder.students.map((s, i) => (
                <tr key={s.id} data-testid="request-student">
                  <td className="dgt-num">{i + 1}</td>
                  <td>{nameOf(s)}</td>
                  <td className="dgt-nowrap">{s.document || none}</td>
                  <td className="dgt-nowrap">{s.entry_number ?? none}</td>
                  <td>{s.tax_name || none}</td>
                  <td className="dgt-nowrap">{receiptOf(s) || <strong className="dgt-missing">{t('request.missingReceipt')}</strong>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted" data-testid="request-count">
            {t('folderStudents.count', { count: folder.students.length })}
          </p>
        </>
      )}
      <footer className="dgt-request__foot">
        <p data-testid="request-place-date">{t('request.placeDate', { place: business?.city?.trim() || BLANK_PLACE, date: longDate(today()) })}</p>
        <div className="dgt-request__signature">
          <span className="dgt-request__line" aria-hidden="true" />
          <p>{t('request.signature')}</p>
        </div>
      </footer>
    </article>
  );
}
