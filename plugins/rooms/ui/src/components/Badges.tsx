import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { PersonKind } from '../api';

/** "En directo": a meeting of the room is open. */
export function LiveBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--danger rooms-live" data-testid="live">
      {t('live')}
    </span>
  );
}

/** Who someone is in the room: "Profesor", "Personal", "Alumno", "Inspector", "Gestión". */
export function KindLabel({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`rooms-kind rooms-kind--${kind}`} data-testid="kind">
      {t(`kinds.${kind}`, { defaultValue: kind })}
    </span>
  );
}
