import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Kind } from '../api';
import { viewPath } from '../paths';

/** A link to another record (a worker's company, a course's centre), or `none` without one. */
export function RecordLink({ kind, id, name, none }: { kind: Kind; id: number | null | undefined; name: string | null | undefined; none: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (!id) return <>{none}</>;
  return <Link to={viewPath(kind, id)}>{name || t('none')}</Link>;
}
