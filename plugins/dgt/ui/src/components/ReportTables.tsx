import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ExamCentre, ExamSession, ReportNumbers, StateNumbers } from '../api';
import { formatRate } from '../format';
import { folderViewPath } from '../paths';

/** The figures of every row of the report, in its order (the pass rate last). */
const FIGURES = ['students', 'pending', 'presented', 'pass', 'fail', 'absent'] as const;
type Figure = (typeof FIGURES)[number];
/** "66,67 %", or "—" when nobody was presented. */
export function PassRate({ rate }: { rate: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  return <>{rate === null ? t('none') : t('report.rate', { rate: formatRate(rate) })}</>;
}

/** The figures' header cells. */
function FigureHeaders() {
  const { t } = useTranslation(NAMESPACE);
  // the results' plural names, the rest the report's own
  const header: Record<Figure, string> = {
    students: t('report.columns.students'),
    pending: t('resultPlural.pending'),
    presented: t('report.columns.presented'),
    pass: t('resultPlural.pass'),
    fail: t('resultPlural.fail'),
    absent: t('resultPlural.absent'),
  };
  return (
    <>
      {FIGURES.map((figure) => (
        <th key={figure} scope="col" className="dgt-num">
          {header[figure]}
        </th>
      ))}
      <th scope="col" className="dgt-num">
        {t('report.columns.pass_rate')}
      </th>
    </>
  );
}

/** A row's figures and its pass rate. */
function FigureCells({ numbers }: { numbers: ReportNumbers }) {
  return (
    <>
      {FIGURES.map((figure) => (
        <td key={figure} className="dgt-num">
          {numbers[figure]}
        </td>
      ))}
      <td className="dgt-num" data-testid="pass-rate">
        <PassRate rate={numbers.pass_rate} />
      </td>
    </>
  );
}

/**
 * The results by exam kind (`dgt/state_numbers`, at one centre or at all): Teórico, Circuito
 * cerrado, Circulación and the total; students, pending, presented, passed, failed, absent and
 * the pass rate.
 */
export function KindNumbersTable({ numbers, label, loading = false }: { numbers: StateNumbers; label: string; loading?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="vk-table-wrap">
      <table className="vk-table dgt-report-table" aria-label={label} aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">{t('report.columns.exam_kind')}</th>
            <FigureHeaders />
          </tr>
        </thead>
        <tbody>
          {numbers.kinds.map((kind) => (
            <tr key={kind.exam_kind}>
              <th scope="row">{t(`examKind.${kind.exam_kind}`)}</th>
              <FigureCells numbers={kind} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('report.total')}</th>
            <FigureCells numbers={numbers.total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The exam centres (`dgt/center`): name (a button choosing the centre, pressed when chosen),
 * folders, students and last exam date.
 */
export function CentresTable({
  centres,
  selected,
  onSelect,
  loading = false,
}: {
  centres: ExamCentre[];
  /** The chosen centre's name ('' for none). */
  selected: string;
  /** Choose a centre; '' lets it go. */
  onSelect(name: string): void;
  loading?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const chosen = selected.trim().toLowerCase();
  return (
    <div className="vk-table-wrap">
      <table className="vk-table dgt-report-table" aria-label={t('report.centres.table')} aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">{t('report.columns.centre')}</th>
            <th scope="col" className="dgt-num">
              {t('report.columns.folders')}
            </th>
            <th scope="col" className="dgt-num">
              {t('report.columns.students')}
            </th>
            <th scope="col" className="dgt-nowrap">
              {t('report.columns.last_exam_date')}
            </th>
          </tr>
        </thead>
        <tbody>
          {centres.length === 0 ? (
            <tr className="vk-table__empty">
              <td colSpan={4}>{loading ? t('report.loading') : t('report.centres.empty')}</td>
            </tr>
          ) : (
            centres.map((centre) => {
              const pressed = centre.name.toLowerCase() === chosen;
              return (
                <tr key={centre.name} className={pressed ? 'is-selected' : undefined} data-testid="centre-row">
                  <td>
                    <button type="button" className="dgt-link-button" aria-pressed={pressed} onClick={() => onSelect(pressed ? '' : centre.name)}>
                      {centre.name}
                    </button>
                  </td>
                  <td className="dgt-num">{centre.folders}</td>
                  <td className="dgt-num">{centre.students}</td>
                  <td className="dgt-nowrap">{centre.last_exam_date ? formatDate(centre.last_exam_date) : t('report.noDate')}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

const sessionKey = (s: ExamSession) => `${s.exam_date ?? ''}|${s.exam_centre}|${s.exam_kind}|${s.licence}`;

/**
 * The exam sessions (`dgt/convocatoria`): date ("Sin fecha" for those still to be dated), centre
 * ("Sin centro" for folders that name none), exam, licence, the folders (links to each one) and the figures, with the total at the bottom.
 */
export function SessionsTable({ sessions, total, loading = false }: { sessions: ExamSession[]; total: ReportNumbers | null; loading?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const leading = 5;
  return (
    <div className="vk-table-wrap">
      <table className="vk-table dgt-report-table" aria-label={t('report.sessions.table')} aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col" className="dgt-nowrap">
              {t('report.columns.exam_date')}
            </th>
            <th scope="col">{t('report.columns.centre')}</th>
            <th scope="col">{t('report.columns.exam_kind')}</th>
            <th scope="col">{t('report.columns.licence')}</th>
            <th scope="col">{t('report.columns.folders')}</th>
            <FigureHeaders />
          </tr>
        </thead>
        <tbody>
          {sessions.length === 0 ? (
            <tr className="vk-table__empty">
              <td colSpan={leading + FIGURES.length + 1}>{loading ? t('report.loading') : t('report.sessions.empty')}</td>
            </tr>
          ) : (
            sessions.map((session) => (
              <tr key={sessionKey(session)} data-testid="session-row">
                <td className="dgt-nowrap">{session.exam_date ? formatDate(session.exam_date) : t('report.noDate')}</td>
                <td>{session.exam_centre || t('report.noCentre')}</td>
                <td>{t(`examKind.${session.exam_kind}`)}</td>
                <td>{session.licence}</td>
                <td>
                  <ul className="dgt-folder-links">
                    {session.folders.map((folder) => (
                      <li key={folder.id}>
                        <Link to={folderViewPath(folder.id)} title={folder.name}>
                          {folder.reference}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </td>
                <FigureCells numbers={session} />
              </tr>
            ))
          )}
        </tbody>
        {sessions.length > 0 && total && (
          <tfoot>
            <tr data-testid="sessions-total">
              <th scope="row" colSpan={leading}>
                {t('report.total')}
              </th>
              <FigureCells numbers={total} />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
