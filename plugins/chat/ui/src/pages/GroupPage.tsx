import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, errorList, useApi, useConfirm, usePageLayout, useRealtime, useSession, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { chatApi, type ChatApi, type Group, type GroupChanges, type GroupConversation, type PageQuery } from '../api';
import type { GroupPush } from '../messages';
import { overviewPath } from '../paths';
import { useConversation, type Conversation } from '../useConversation';
import { Composer } from '../components/Composer';
import { GroupAvatar } from '../components/GroupAvatar';
import { GroupForm } from '../components/GroupForm';
import { InviteForm } from '../components/InviteForm';
import { MessageList } from '../components/MessageList';
import { RealtimeNotice } from '../components/RealtimeNotice';

/**
 * `/apps/chat/group/{id}`: a group's conversation (`GET chat/read/{id}`). A member sees its
 * members, "Invitar" (`chat/group/invite`), "Cambiar nombre" (`chat/group/update`), "Salir del
 * grupo" (`chat/group/exit`, asked first), the messages and the box. Someone invited sees the
 * invitation instead, with "Unirse" (`chat/group/join`) and "Rechazar" (`chat/group/exit`).
 * A `chat.group` push about it reads it again.
 */
export default function GroupPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '' } = useParams();
  const numeric = /^\d+$/.test(id) ? Number(id) : 0;
  if (numeric <= 0) return <PageState error={t('conversation.notFound')} />;
  return <GroupConversationView key={numeric} id={numeric} />;
}

function GroupConversationView({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const session = useSession();
  const api = useMemo(() => chatApi(client, session.store), [client, session.store]);
  const me = session.user?.user_id ?? null;
  const read = useCallback((query: PageQuery) => api.group(id, query), [api, id]);
  const conversation = useConversation({ target: 'group', id }, me, read);
  const { head, failed, load } = conversation;
  const name = head?.group.name ?? t('conversation.fallback');
  usePageLayout({ title: name, breadcrumbs: [{ label: t('title'), to: overviewPath('groups') }, { label: name }] });

  const live = useRef((_push: GroupPush) => {});
  live.current = (push) => {
    if (push?.group_id !== id || head === null) return;
    // Gone from it (left or declined elsewhere): read it again to say so.
    if (push.event === 'left' && push.user_id === me) load();
    else void conversation.refresh();
  };
  useRealtime<GroupPush>('chat.group', (push) => live.current(push));

  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!head) return <PageState error={null} />;

  const group = head.group;
  if (group.my_state === 'invited') return <Invitation api={api} group={group} conversation={conversation} />;

  return (
    <div className="chat-page chat-conversation" data-testid="conversation">
      <GroupHead api={api} group={group} me={me} onChange={(changed) => conversation.setHead((h) => ({ ...h, group: changed }))} />
      <RealtimeNotice />
      <section className="card chat-thread" aria-label={t('conversation.with', { name: group.name })}>
        <MessageList
          messages={conversation.messages}
          authors
          hasMore={conversation.hasMore}
          loadingOlder={conversation.loadingOlder}
          olderFailed={conversation.olderFailed}
          onLoadOlder={() => void conversation.loadOlder()}
        />
        <Composer onSend={async (text) => conversation.add(await api.send('group', id, text))} />
      </section>
    </div>
  );
}

/** The group's name and image, its members, and what a member can do with it. */
function GroupHead({ api, group, me, onChange }: { api: ChatApi; group: Group; me: number | null; onChange(group: Group): void }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const [panel, setPanel] = useState<'invite' | 'rename' | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    const ok = await confirm({ title: t('group.leave.title'), message: t('group.leave.question', { name: group.name }), confirmLabel: t('group.leave.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    setLeaving(true);
    try {
      await api.groups.exit(group.group_id);
      toast.success(t('group.leave.done', { name: group.name }));
      navigate(overviewPath('groups'));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
      setLeaving(false);
    }
  }

  async function rename(changes: GroupChanges) {
    if (Object.keys(changes).length === 0) {
      toast.info(t('group.rename.noChanges'));
      setPanel(null);
      return;
    }
    const changed = await api.groups.update(group.group_id, changes);
    onChange(changed);
    toast.success(t('group.rename.done', { name: changed.name }));
    setPanel(null);
  }

  return (
    <>
      <section className="card chat-head">
        <GroupAvatar group={group} large />
        <div className="chat-head__main">
          <h2 className="chat-head__title" data-testid="conversation-name">
            {group.name}
          </h2>
          <p className="muted chat-head__detail">{t('groups.members', { count: group.members.filter((m) => m.state === 'member').length })}</p>
          <ul className="chat-members" aria-label={t('group.members')} data-testid="group-members">
            {group.members.map((m) => (
              <li key={m.user_id} className={m.state === 'invited' ? 'chat-member chat-member--invited' : 'chat-member'}>
                {m.user_id === me ? t('group.memberYou', { name: m.name }) : m.name}
                {m.state === 'invited' && <span className="muted"> {t('group.invited')}</span>}
              </li>
            ))}
          </ul>
        </div>
        <div className="chat-actions">
          <Link className="vk-btn vk-btn--light" to={overviewPath('groups')}>
            {t('back')}
          </Link>
          <button type="button" className="vk-btn vk-btn--outline" aria-expanded={panel === 'invite'} onClick={() => setPanel(panel === 'invite' ? null : 'invite')}>
            {t('group.invite')}
          </button>
          <button type="button" className="vk-btn vk-btn--outline" aria-expanded={panel === 'rename'} onClick={() => setPanel(panel === 'rename' ? null : 'rename')}>
            {t('group.rename.action')}
          </button>
          <button type="button" className="vk-btn vk-btn--danger" disabled={leaving} onClick={() => void leave()}>
            {t('group.leave.action')}
          </button>
        </div>
        <ErrorList messages={failures} testId="group-action-errors" />
      </section>
      {panel === 'invite' && (
        <InviteForm
          api={api}
          group={group}
          onCancel={() => setPanel(null)}
          onDone={(changed) => {
            onChange(changed);
            toast.success(t('invite.done'));
            setPanel(null);
          }}
        />
      )}
      {panel === 'rename' && (
        <section className="card chat-panel" aria-labelledby="chat-group-rename">
          <h3 id="chat-group-rename" className="card__title">
            {t('group.rename.title')}
          </h3>
          <GroupForm
            api={api}
            title={t('group.rename.title')}
            submitLabel={t('group.rename.submit')}
            initial={group}
            employees={null}
            onCancel={() => setPanel(null)}
            onSubmit={(body) => {
              const changes: GroupChanges = {};
              if (body.name !== group.name) changes.name = body.name;
              if (body.image_file_id !== group.image_file_id) changes.image_file_id = body.image_file_id;
              return rename(changes);
            }}
          />
        </section>
      )}
    </>
  );
}

/** What someone invited sees: the invitation, "Unirse" or "Rechazar". */
function Invitation({ api, group, conversation }: { api: ChatApi; group: Group; conversation: Conversation<GroupConversation> }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  async function answer(join: boolean) {
    setBusy(true);
    setFailures([]);
    try {
      if (join) {
        const joined = await api.groups.join(group.group_id);
        toast.success(t('invitation.joined', { name: group.name }));
        conversation.setHead((h) => ({ ...h, group: joined }));
        await conversation.refresh();
      } else {
        await api.groups.exit(group.group_id);
        toast.success(t('invitation.declined', { name: group.name }));
        navigate(overviewPath('groups'));
        return;
      }
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
    setBusy(false);
  }

  const members = group.members.filter((m) => m.state === 'member').map((m) => m.name);
  return (
    <div className="chat-page" data-testid="group-invitation">
      <section className="card chat-head">
        <GroupAvatar group={group} large />
        <div className="chat-head__main">
          <h2 className="chat-head__title" data-testid="conversation-name">
            {group.name}
          </h2>
          <p className="chat-invitation__title">{t('invitation.title')}</p>
          {members.length > 0 && <p className="muted">{t('invitation.members', { names: members.join(', ') })}</p>}
        </div>
        <div className="chat-actions">
          <button type="button" className="vk-btn vk-btn--primary" disabled={busy} onClick={() => void answer(true)}>
            {t('invitation.join')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => void answer(false)}>
            {t('invitation.decline')}
          </button>
        </div>
        <ErrorList messages={failures} testId="invitation-errors" />
      </section>
    </div>
  );
}
