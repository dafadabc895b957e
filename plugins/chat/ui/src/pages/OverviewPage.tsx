import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, SearchPicker, TabPanel, Tabs, errorList, useApi, usePageLayout, useSession, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { chatApi, type ChatApi, type FoundContact, type Group, type Overview } from '../api';
import { TABS, type Tab } from '../lists';
import { unreadOf } from '../messages';
import { directPath, groupPath } from '../paths';
import { useOverview, type OverviewState } from '../useOverview';
import { ChatRow } from '../components/ChatRow';
import { GroupAvatar } from '../components/GroupAvatar';
import { GroupForm } from '../components/GroupForm';
import { RealtimeNotice } from '../components/RealtimeNotice';

const TABS_ID = 'chat-overview';

/**
 * `/apps/chat/all`: the three tabs of `GET chat/all` (employees, contacts, groups), each row
 * opening its conversation, kept live through the realtime stream (`useOverview`). The tab shown
 * is in the address (`?tab=`), so coming back from a conversation returns to it.
 */
export default function OverviewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const session = useSession();
  const api = useMemo(() => chatApi(client, session.store), [client, session.store]);
  const me = session.user?.user_id ?? null;
  const state = useOverview(api, me);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'employees';
  usePageLayout({ title: t('title'), breadcrumbs: [{ label: t('title') }] });

  const { overview, failed, load } = state;
  if (!overview) return <PageState error={failed} onRetry={load} />;

  const counts: Record<Tab, number> = {
    employees: unreadOf(overview.employees),
    contacts: 0,
    groups: unreadOf(overview.groups.filter((g) => g.my_state === 'member')) + overview.groups.filter((g) => g.my_state === 'invited').length,
  };
  const tabs = TABS.map((key) => ({ key, label: counts[key] ? t('tabs.withCount', { label: t(`tabs.${key}`), count: counts[key] }) : t(`tabs.${key}`) }));

  return (
    <div className="chat-page" data-testid="chat-overview">
      <RealtimeNotice />
      <Tabs id={TABS_ID} label={t('tabs.label')} tabs={tabs} selected={tab} onSelect={(key) => setParams(key === 'employees' ? {} : { tab: key }, { replace: true })} />
      <TabPanel id={TABS_ID} tab="employees" selected={tab}>
        <EmployeesTab overview={overview} me={me} />
      </TabPanel>
      <TabPanel id={TABS_ID} tab="contacts" selected={tab}>
        <ContactsTab api={api} overview={overview} me={me} />
      </TabPanel>
      <TabPanel id={TABS_ID} tab="groups" selected={tab}>
        <GroupsTab api={api} state={state} overview={overview} me={me} />
      </TabPanel>
    </div>
  );
}

function EmployeesTab({ overview, me }: { overview: Overview; me: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card" aria-label={t('tabs.employees')}>
      {overview.employees.length === 0 ? (
        <p className="muted">{t('employees.empty')}</p>
      ) : (
        <ul className="chat-rows" aria-label={t('tabs.employees')}>
          {overview.employees.map((e) => (
            <ChatRow key={e.user_id} testId="employee-row" name={e.name} to={directPath('employee', e.user_id)} message={e.last_message} me={me} unread={e.unread} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ContactsTab({ api, overview, me }: { api: ChatApi; overview: Overview; me: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  return (
    <div className="chat-stack">
      <section className="card" aria-labelledby="chat-contact-new">
        <h2 id="chat-contact-new" className="card__title">
          {t('contacts.new')}
        </h2>
        <p className="muted">{t('contacts.newHint')}</p>
        <SearchPicker<FoundContact>
          find={api.contacts.find}
          itemKey={(c) => c.id}
          itemLabel={(c) => c.display_name}
          itemDetail={(c) => c.email || t('contacts.noEmail')}
          onChoose={(c) => navigate(directPath('contact', c.id))}
          placeholder={t('finder.search')}
          label={t('contacts.new')}
          testId="contact-finder"
          texts={{ results: t('finder.results'), none: t('finder.none'), chooseNamed: (name) => t('finder.chooseNamed', { name }) }}
        />
      </section>
      <section className="card" aria-label={t('tabs.contacts')}>
        {overview.contacts.length === 0 ? (
          <p className="muted">{t('contacts.empty')}</p>
        ) : (
          <ul className="chat-rows" aria-label={t('tabs.contacts')}>
            {overview.contacts.map((c) => (
              <ChatRow
                key={c.contact_id}
                testId="contact-row"
                name={c.name}
                to={directPath('contact', c.contact_id)}
                message={c.last_message}
                me={me}
                unread={c.unread}
                detail={c.email ? <span className="muted chat-row__detail">{c.email}</span> : null}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function GroupsTab({ api, state, overview, me }: { api: ChatApi; state: OverviewState; overview: Overview; me: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const invited = overview.groups.filter((g) => g.my_state === 'invited');
  const groups = overview.groups.filter((g) => g.my_state === 'member');
  const employees = overview.employees.map((e) => ({ value: String(e.user_id), label: e.name }));

  async function act(group: Group, action: 'join' | 'decline') {
    setBusy(group.group_id);
    try {
      if (action === 'join') {
        state.showGroup(await api.groups.join(group.group_id));
        toast.success(t('invitation.joined', { name: group.name }));
      } else {
        await api.groups.exit(group.group_id);
        state.dropGroup(group.group_id);
        toast.success(t('invitation.declined', { name: group.name }));
      }
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('invitation.failed'));
      state.reloadGroups();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="chat-stack">
      <div className="chat-toolbar">
        {!creating && (
          <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
            {t('groups.new')}
          </button>
        )}
      </div>
      {creating && (
        <section className="card" aria-labelledby="chat-group-new">
          <h2 id="chat-group-new" className="card__title">
            {t('groups.new')}
          </h2>
          <GroupForm
            api={api}
            title={t('groups.new')}
            submitLabel={t('groups.form.create')}
            employees={employees}
            onCancel={() => setCreating(false)}
            onSubmit={async (body) => {
              const created = await api.groups.create(body);
              toast.success(t('groups.created', { name: created.name }));
              navigate(groupPath(created.group_id));
            }}
          />
        </section>
      )}
      {invited.length > 0 && (
        <section className="card" aria-labelledby="chat-invitations">
          <h2 id="chat-invitations" className="card__title">
            {t('invitation.pending')}
          </h2>
          <ul className="chat-rows" aria-labelledby="chat-invitations">
            {invited.map((g) => (
              <ChatRow
                key={g.group_id}
                testId="invitation-row"
                name={g.name}
                to={groupPath(g.group_id)}
                message={null}
                me={me}
                unread={0}
                avatar={<GroupAvatar group={g} />}
                detail={<span className="muted chat-row__detail">{t('groups.members', { count: g.members.filter((m) => m.state === 'member').length })}</span>}
                actions={
                  <>
                    <button type="button" className="vk-btn vk-btn--primary" disabled={busy === g.group_id} aria-label={t('invitation.joinNamed', { name: g.name })} onClick={() => void act(g, 'join')}>
                      {t('invitation.join')}
                    </button>
                    <button type="button" className="vk-btn vk-btn--light" disabled={busy === g.group_id} aria-label={t('invitation.declineNamed', { name: g.name })} onClick={() => void act(g, 'decline')}>
                      {t('invitation.decline')}
                    </button>
                  </>
                }
              />
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-label={t('tabs.groups')}>
        {groups.length === 0 ? (
          <p className="muted">{t('groups.empty')}</p>
        ) : (
          <ul className="chat-rows" aria-label={t('tabs.groups')}>
            {groups.map((g) => (
              <ChatRow key={g.group_id} testId="group-row" name={g.name} to={groupPath(g.group_id)} message={g.last_message} me={me} authors unread={g.unread} avatar={<GroupAvatar group={g} />} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
