import { useTranslation } from 'react-i18next';
import { useRealtimeState } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

/** A line when new messages are not arriving live: the stream is (re)connecting, or off. */
export function RealtimeNotice() {
  const { t } = useTranslation(NAMESPACE);
  const state = useRealtimeState();
  if (state === 'open') return null;
  return (
    <p className="muted chat-live" role="status" data-testid="realtime-notice">
      {state === 'connecting' ? t('live.connecting') : t('live.off')}
    </p>
  );
}
