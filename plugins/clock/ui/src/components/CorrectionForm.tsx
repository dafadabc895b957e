import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, errorList, useApi, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { clockApi, type ClockEntry } from '../api';
import { dateTimeText, fromLocalInput, toLocalInput } from '../time';

/**
 * "Corregir" an interval (`clock/update`, with `employee.clock`): start and end typed in local
 * time (datetime-local) and sent as UTC ISO with `Z`, and the reason, required (the host keeps
 * the values before and after, who and why). A time left as it was is sent exactly as clocked,
 * seconds included. An empty end leaves the interval open.
 */
export function CorrectionForm({ entry, onCancel, onSaved }: { entry: ClockEntry; onCancel(): void; onSaved(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => clockApi(client), [client]);
  const toast = useToast();
  const titleId = useId();
  const initialStart = toLocalInput(entry.started_at);
  const initialEnd = toLocalInput(entry.ended_at);
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  async function save() {
    const problems: string[] = [];
    const marked = new Set<string>();
    const startedAt = start === initialStart ? entry.started_at : fromLocalInput(start);
    const endedAt = end === initialEnd ? entry.ended_at : end.trim() ? fromLocalInput(end) : null;
    if (!startedAt) {
      problems.push(t('correct.startRequired'));
      marked.add('start');
    }
    if (end.trim() && !endedAt) {
      problems.push(t('correct.endInvalid'));
      marked.add('end');
    }
    // Only a running interval may stay without an end.
    if (!end.trim() && entry.ended_at) {
      problems.push(t('correct.endRequired'));
      marked.add('end');
    }
    if (startedAt && endedAt && Date.parse(endedAt) <= Date.parse(startedAt)) {
      problems.push(t('correct.endBeforeStart'));
      marked.add('end');
    }
    if (!reason.trim()) {
      problems.push(t('correct.reasonRequired'));
      marked.add('reason');
    }
    setErrors(problems);
    setInvalid(marked);
    if (problems.length > 0 || !startedAt) return;

    setBusy(true);
    try {
      await api.update({ id: entry.id, started_at: startedAt, ended_at: endedAt ?? null, reason: reason.trim() });
      toast.success(t('correct.saved'));
      onSaved();
    } catch (e) {
      setErrors(errorList(e).map((item) => item.details || t('actionError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="clock-panel clock-correction"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id={titleId} className="clock-panel__title">
        {t('correct.title', { kind: t(`kindOf.${entry.kind}`), start: dateTimeText(entry.started_at) })}
      </h3>
      <ErrorList messages={errors} testId="correction-errors" />
      <div className="clock-correction__grid">
        <label className="vk-field">
          <span className="vk-label">{t('correct.start')}</span>
          <input className="vk-input" type="datetime-local" required value={start} aria-invalid={invalid.has('start') || undefined} onChange={(e) => setStart(e.target.value)} />
        </label>
        <div className="vk-field">
          <label className="vk-label" htmlFor={`${titleId}-end`}>
            {t('correct.end')}
          </label>
          <input
            id={`${titleId}-end`}
            className="vk-input"
            type="datetime-local"
            value={end}
            aria-invalid={invalid.has('end') || undefined}
            aria-describedby={entry.ended_at ? undefined : `${titleId}-end-hint`}
            onChange={(e) => setEnd(e.target.value)}
          />
          {!entry.ended_at && (
            <small id={`${titleId}-end-hint`} className="muted">
              {t('correct.endHint')}
            </small>
          )}
        </div>
      </div>
      <label className="vk-field">
        <span className="vk-label">{t('correct.reason')}</span>
        <textarea className="vk-input" rows={2} required value={reason} placeholder={t('correct.reasonHint')} aria-invalid={invalid.has('reason') || undefined} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="vk-form__actions">
        <button type="button" className="vk-btn vk-btn--light" onClick={onCancel}>
          {t('correct.cancel')}
        </button>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
          {t('correct.save')}
        </button>
      </div>
    </form>
  );
}
