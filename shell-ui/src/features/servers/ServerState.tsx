import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@volante/plugin-ui';
import { elapsedSince } from './format';
import type { ServerState } from './types';

const BADGE: Record<ServerState, string> = {
  online: 'vk-badge vk-badge--success',
  lost: 'vk-badge vk-badge--danger',
  stopped: 'vk-badge server-state--stopped',
};

/** A server's state in words: "En marcha", "Sin señal", "Detenido" (an unknown one as it came). */
export function stateWord(t: TFunction, state: string): string {
  switch (state) {
    case 'online':
      return t('servers.state.online');
    case 'lost':
      return t('servers.state.lost');
    case 'stopped':
      return t('servers.state.stopped');
    default:
      return state;
  }
}

/** A server's state as a coloured chip: green running, red without signal, grey stopped. */
export function ServerStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <span className={BADGE[state as ServerState] ?? 'vk-badge'} data-state={state}>
      {stateWord(t, state)}
    </span>
  );
}

/** When something happened: "hace 12 s", with the local date and time under it (and as its title). */
export function Moment({ at }: { at: string | null | undefined }) {
  const { t } = useTranslation();
  if (!at) return <span className="muted">—</span>;
  const local = formatDateTime(at);
  return (
    <span className="server-moment">
      <time dateTime={at} title={local}>
        {t('servers.ago', { elapsed: elapsedSince(at) })}
      </time>
      <small className="muted">{local}</small>
    </span>
  );
}
