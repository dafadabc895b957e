import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, useApi, usePageLayout, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { chatApi, type DirectTarget, type PageQuery } from '../api';
import { overviewPath } from '../paths';
import { useConversation } from '../useConversation';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { RealtimeNotice } from '../components/RealtimeNotice';

const TARGETS: readonly string[] = ['employee', 'contact'];

/**
 * `/apps/chat/direct/{target}/{id}`: a conversation with an employee (a user id) or a contact
 * (`GET chat/direct/{target}/{id}`), older messages with `before`, and the box that sends
 * (`POST chat/send`). What is said to a contact is mailed to them: the box says to which address.
 */
export default function DirectPage() {
  const { t } = useTranslation(NAMESPACE);
  const { target = '', id = '' } = useParams();
  const numeric = /^\d+$/.test(id) ? Number(id) : 0;
  if (!TARGETS.includes(target) || numeric <= 0) return <PageState error={t('conversation.notFound')} />;
  // A new conversation starts from nothing.
  return <DirectConversation key={`${target}/${numeric}`} target={target as DirectTarget} id={numeric} />;
}

function DirectConversation({ target, id }: { target: DirectTarget; id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const session = useSession();
  const api = useMemo(() => chatApi(client, session.store), [client, session.store]);
  const me = session.user?.user_id ?? null;
  const read = useCallback((query: PageQuery) => api.direct(target, id, query), [api, target, id]);
  const conversation = useConversation({ target, id }, me, read);
  const { head, failed, load } = conversation;
  const back = overviewPath(target === 'contact' ? 'contacts' : 'employees');
  const name = head?.name ?? t('conversation.fallback');
  usePageLayout({ title: name, breadcrumbs: [{ label: t('title'), to: back }, { label: name }] });

  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!head) return <PageState error={null} />;

  const contact = target === 'contact';
  const note = contact ? (head.email ? t('composer.byEmail', { email: head.email }) : t('composer.noEmail')) : null;

  return (
    <div className="chat-page chat-conversation" data-testid="conversation">
      <section className="card chat-head">
        <div>
          <h2 className="chat-head__title" data-testid="conversation-name">
            {head.name}
          </h2>
          <p className="muted chat-head__detail">{contact ? head.email || t('conversation.contactNoEmail') : t('conversation.employee')}</p>
        </div>
        <div className="chat-actions">
          <Link className="vk-btn vk-btn--light" to={back}>
            {t('back')}
          </Link>
        </div>
      </section>
      <RealtimeNotice />
      <section className="card chat-thread" aria-label={t('conversation.with', { name: head.name })}>
        <MessageList
          messages={conversation.messages}
          authors={false}
          hasMore={conversation.hasMore}
          loadingOlder={conversation.loadingOlder}
          olderFailed={conversation.olderFailed}
          onLoadOlder={() => void conversation.loadOlder()}
        />
        <Composer onSend={async (text) => conversation.add(await api.send(target, id, text))} disabled={contact && !head.email} note={note} />
      </section>
    </div>
  );
}
