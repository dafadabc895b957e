import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Presence } from '../api';
import { formatClock } from '../format';
import { KindLabel } from './Badges';

/** Who is in the meeting now: name, who they are in the room, since when (hour in Spain). */
export function PresentList({ present }: { present: Presence[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card rooms-present" aria-labelledby="rooms-present-title" data-testid="present">
      <h2 id="rooms-present-title" className="card__title">
        {t('present.title', { count: present.length })}
      </h2>
      {present.length === 0 ? (
        <p className="muted" data-testid="present-none">
          {t('present.none')}
        </p>
      ) : (
        <ul className="rooms-rows">
          {present.map((p) => (
            <li key={`${p.kind}-${p.name}-${p.joined_at}`} data-testid="present-person">
              <span className="rooms-rows__who">
                <strong>{p.name}</strong>
                <KindLabel kind={p.kind} />
              </span>
              <span className="muted">{t('present.since', { time: formatClock(p.joined_at) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
