import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** The marks of a day or an interval: still open ("abierta") and corrected ("editada"/"editado"). */
export function Marks({ open = false, edited, gender }: { open?: boolean; edited: boolean; gender: 'day' | 'entry' }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="clock-marks">
      {open && (
        <span className="vk-badge vk-badge--warning" data-testid="mark-open">
          {t(gender === 'day' ? 'marks.openDay' : 'marks.openEntry')}
        </span>
      )}
      {edited && (
        <span className="vk-badge clock-badge--edited" data-testid="mark-edited" title={t('marks.editedHint')}>
          {t(gender === 'day' ? 'marks.editedDay' : 'marks.editedEntry')}
        </span>
      )}
    </span>
  );
}
