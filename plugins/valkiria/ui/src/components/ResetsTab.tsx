import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, FormMessages, NotesField, PageState, SelectField, SubmitActions, formatDateTime, useConfirm, useDraftForm, useLoad, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Reset, Student, ValkiriaApi } from '../api';
import { personName } from '../format';

const RESET_FIELDS = ['licence', 'reason'] as const;

/**
 * "Reiniciar intentos" (`POST valkiria/reset`): of one licence or of all, with a reason
 * (required), asked first; the attempts it archives stop counting anywhere. Then the student's
 * resets, newest first (`GET valkiria/reset/history`). `onReset` is told (the summary is read
 * again).
 */
export function ResetsTab({ api, student, onReset }: { api: ValkiriaApi; student: Student; onReset(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const read = useCallback(() => api.students.resets(student.id), [api, student.id]);
  const history = useLoad(read);
  const licences = [...new Set((student.enrolments ?? []).map((e) => e.licence))];
  const initial = { licence: '', reason: '' };
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<typeof initial, { licence: string | null; reason: string }>(initial, {
    fields: RESET_FIELDS,
    toBody: (d) => (d.reason.trim() ? { licence: d.licence || null, reason: d.reason.trim() } : null),
    required: 'reason',
    onSubmit: async (body) => {
      const scope = body.licence ? t('resets.oneLicence', { licence: body.licence }) : t('resets.allLicences');
      const ok = await confirm({ title: t('resets.confirm.title'), message: t('resets.confirm.question', { name: personName(student), scope }), confirmLabel: t('resets.action'), tone: 'danger' });
      if (!ok) return;
      const reset = await api.students.reset(student.id, body.licence, body.reason);
      toast.success(t('resets.done', { count: reset.attempts ?? 0 }));
      setDraft(initial);
      history.reload();
      onReset();
    },
    fallback: t('saveError'),
  });

  const columns: Column<Reset>[] = [
    { key: 'created_at', header: t('columns.date'), className: 'valkiria-nowrap', render: (r) => formatDateTime(r.created_at) },
    { key: 'licence', header: t('columns.licence'), render: (r) => r.licence ?? t('resets.all') },
    { key: 'reason', header: t('columns.reason'), render: (r) => <span data-testid="reset-reason">{r.reason}</span> },
    { key: 'attempts', header: t('columns.archived'), className: 'valkiria-num', render: (r) => r.attempts },
    { key: 'user', header: t('columns.user'), render: (r) => r.user_name || r.user || t('none') },
  ];

  return (
    <div className="valkiria-page" data-testid="resets">
      <form className="vk-form valkiria-form" noValidate aria-label={t('resets.title')} aria-busy={busy} data-testid="reset-form" onSubmit={handleSubmit}>
        <p className="muted">{t('resets.explain')}</p>
        <FormMessages errors={errors.errors} general={errors.general} testId="reset-form-errors" />
        <div className="vk-form__grid">
          <SelectField ctx={ctx} field="licence" label={t('fields.licence')} empty={t('resets.allLicences')} options={licences.map((l) => ({ value: l, label: l }))} value={draft.licence} onChange={(licence) => set({ licence })} />
          <NotesField ctx={ctx} field="reason" label={t('fields.reason')} maxLength={500} value={draft.reason} onChange={(reason) => set({ reason })} />
        </div>
        <SubmitActions busy={busy} label={t('resets.action')} />
      </form>
      <h3 className="valkiria-subtitle">{t('resets.history')}</h3>
      {history.data ? (
        <DataTable columns={columns} rows={history.data} rowKey={(r) => r.id} label={t('resets.history')} empty={t('resets.empty')} />
      ) : (
        <PageState error={history.failed} onRetry={history.reload} />
      )}
    </div>
  );
}
