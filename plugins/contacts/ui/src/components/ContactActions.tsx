import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, formatDateTime, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { StateBadge } from './StateBadge';
import type { Contact } from '../api';

/** The state calls of a set of contacts (`contact/` or `provider/`). */
export interface StateCalls {
  setState(id: number, state: 'active' | 'inactive'): Promise<unknown>;
  remove(id: number): Promise<unknown>;
}

/** The toasts after each action ("Contacto desactivado", "Proveedor eliminado"…). */
export interface StateTexts {
  activated: string;
  deactivated: string;
  deleted: string;
}

type Named = Pick<Contact, 'id' | 'state' | 'display_name'>;

/**
 * Deactivate/activate (confirmed) and delete (two-step confirm) a contact or a supplier: the
 * outcome is a toast (the host's message when it refuses), then `after` (read again).
 */
export function useStateActions(calls: StateCalls, texts: StateTexts, after: () => unknown) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();

  async function run(call: () => Promise<unknown>, done: string) {
    try {
      await call();
      toast.success(done);
      await after();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('view.actionError'));
    }
  }

  async function toggle(contact: Named) {
    const next = contact.state === 'active' ? 'inactive' : 'active';
    const ok = await confirm({
      message: t(next === 'inactive' ? 'view.deactivateQuestion' : 'view.activateQuestion', { name: contact.display_name }),
      confirmLabel: t(next === 'inactive' ? 'view.deactivate' : 'view.activate'),
      tone: next === 'inactive' ? 'danger' : 'primary',
    });
    if (ok) await run(() => calls.setState(contact.id, next), next === 'inactive' ? texts.deactivated : texts.activated);
  }

  async function remove(contact: Named) {
    const ok = await confirm({ message: t('view.deleteQuestion', { name: contact.display_name }), confirmLabel: t('view.delete'), tone: 'danger', second: true });
    if (ok) await run(() => calls.remove(contact.id), texts.deleted);
  }

  return { toggle, remove };
}

/**
 * The head of a contact's or supplier's card: name, code, type and relation, state, dates, and
 * its actions (deactivate/activate and delete unless deleted, then the page's own `children`).
 */
export function ContactHead({ contact, onToggle, onRemove, children }: { contact: Contact; onToggle(): void; onRemove(): void; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const deleted = contact.state === 'deleted';
  return (
    <section className="card contact-view__head">
      <div>
        <h2 className="contact-view__name" data-testid="contact-name">
          {contact.display_name}
        </h2>
        <p className="muted">
          {contact.code} · {t(`type.${contact.type}`)} · {t(`relation.${contact.relation}`)}
        </p>
        <StateBadge state={contact.state} />
      </div>
      <dl className="contact-view__dates">
        <dt>{t('view.created')}</dt>
        <dd>{formatDateTime(contact.created_at)}</dd>
        <dt>{t('view.updated')}</dt>
        <dd>{formatDateTime(contact.updated_at)}</dd>
      </dl>
      <div className="contact-view__actions">
        {!deleted && (
          <button type="button" className={contact.state === 'active' ? 'vk-btn vk-btn--outline' : 'vk-btn vk-btn--primary'} onClick={onToggle}>
            {t(contact.state === 'active' ? 'view.deactivate' : 'view.activate')}
          </button>
        )}
        {!deleted && (
          <button type="button" className="vk-btn vk-btn--danger" onClick={onRemove}>
            {t('view.delete')}
          </button>
        )}
        {children}
      </div>
    </section>
  );
}
