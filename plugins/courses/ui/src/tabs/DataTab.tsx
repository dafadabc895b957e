import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Branch, Group } from '../api';
import { CourseForm, changedFields } from '../components/CourseForm';
import type { TabProps } from './types';

/**
 * "Datos": every field of the course (`<prefix>update` with the id and what changed; the
 * host's errors under their fields), "Desactivar curso" / "Activar curso" (`<prefix>state`) and
 * "Eliminar curso" (`<prefix>delete`, confirmed: the course stays in the history, marked deleted).
 */
export function DataTab({ api, course, readOnly, onSaved, groups, branches }: TabProps & { groups: Group[]; branches: Branch[] }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();

  async function remove() {
    const ok = await confirm({
      title: t('data.deleteTitle'),
      message: t('data.deleteQuestion', { name: course.name }),
      confirmLabel: t('data.delete'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      const answer = await api.courses.remove(course.id);
      onSaved({ ...course, ...(answer && typeof answer === 'object' ? answer : {}), state: 'deleted' });
      toast.success(t('data.deleted'));
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    }
  }

  async function toggleState() {
    const next = course.state === 'active' ? 'inactive' : 'active';
    try {
      onSaved(await api.courses.setState(course.id, next), { redraw: false });
      toast.success(t(next === 'active' ? 'data.activated' : 'data.deactivated'));
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    }
  }

  return (
    <CourseForm
      kind={api.kind}
      course={course}
      groups={groups}
      branches={branches}
      readOnly={readOnly}
      label={t('data.form')}
      submitLabel={t('data.save')}
      onSubmit={async (body) => {
        const changed = changedFields(body, course);
        if (Object.keys(changed).length === 0) {
          toast.info(t('data.noChanges'));
          return;
        }
        onSaved(await api.courses.update(course.id, changed));
        toast.success(t('data.saved'));
      }}
      extra={
        !readOnly && (
          <>
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void toggleState()}>
              {t(course.state === 'active' ? 'data.deactivate' : 'data.activate')}
            </button>{' '}
            <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
              {t('data.delete')}
            </button>
          </>
        )
      }
    />
  );
}
