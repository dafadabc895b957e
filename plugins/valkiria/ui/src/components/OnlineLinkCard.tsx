import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLink, ErrorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { OnlineLinkOptions, Student, ValkiriaApi } from '../api';
import { messagesOf, personName } from '../format';

/**
 * "Test online en casa" on a student's page: their personal link (`online_url` of the student's
 * read; "Todavía no tiene enlace" until made) with "Copiar el enlace", and `POST
 * valkiria/student/online`: "Crear enlace" (none yet), "Enviar por correo" (`send`: made when
 * missing, then mailed; "Enlace enviado a …" with the answer's `sent_to`) and "Renovar enlace"
 * (asked first: `renew`, the old link stops working). After each the student is read again
 * (`onChanged`). A refusal (`REQ-102` on `email`: the student has no e-mail) is shown in the
 * block. A deleted student's link no longer opens anything: no actions for them.
 */
export function OnlineLinkCard({ api, student, onChanged }: { api: ValkiriaApi; student: Student; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const url = student.online_url || '';
  const name = personName(student);
  const state = student.state ?? 'active';
  const locked = busy || state === 'deleted';

  async function run(options: OnlineLinkOptions, done: (sentTo: string | null) => string) {
    setFailures([]);
    setBusy(true);
    try {
      const answer = await api.students.online(student.id, options);
      toast.success(done(answer?.sent_to ?? null));
      onChanged();
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const create = () => run({}, () => t('online.link.created', { name }));
  const send = () => run({ send: true }, (sentTo) => t('online.link.sent', { email: sentTo || student.email || t('none') }));

  async function renew() {
    const ok = await confirm({ title: t('online.link.renew.title'), message: t('online.link.renew.question', { name }), confirmLabel: t('online.link.renew.action'), tone: 'danger' });
    if (!ok) return;
    await run({ renew: true }, () => t('online.link.renew.done'));
  }

  return (
    <section className="card" aria-labelledby="valkiria-online-link-title" data-testid="online-link">
      <h2 id="valkiria-online-link-title" className="card__title">
        {t('online.link.title')}
      </h2>
      <p className="muted">{t('online.link.explain', { name })}</p>
      <p className="valkiria-link">
        <CopyLink text={url} showUrl texts={{ copy: t('online.link.copy'), copied: t('copy.done'), none: t('online.link.none') }} testId="online" />
      </p>
      {state === 'inactive' && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="online-link-paused">
          {t('online.link.paused')}
        </p>
      )}
      {state === 'deleted' && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="online-link-deleted">
          {t('online.link.deleted')}
        </p>
      )}
      <ErrorList messages={failures} testId="online-link-errors" />
      <div className="valkiria-actions">
        {!url && (
          <button type="button" className="vk-btn vk-btn--primary" disabled={locked} data-testid="online-create" onClick={() => void create()}>
            {t('online.link.create')}
          </button>
        )}
        <button type="button" className="vk-btn vk-btn--outline" disabled={locked} data-testid="online-send" onClick={() => void send()}>
          {t('online.link.send')}
        </button>
        {url && (
          <button type="button" className="vk-btn vk-btn--light" disabled={locked} data-testid="online-renew" onClick={() => void renew()}>
            {t('online.link.renew.action')}
          </button>
        )}
      </div>
    </section>
  );
}
