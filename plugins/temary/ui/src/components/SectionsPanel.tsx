import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, changedFields, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Section, SectionFields, SubthemeDetail, TemaryApi } from '../api';
import { useChildActions, useExplain } from '../actions';
import { isConflict, messages } from '../format';
import { ChildForm } from './ChildForm';
import { OrderedList } from './OrderedList';

/**
 * A subtheme's sections in order (the text a class goes through): title and content. Unless
 * read only: "Editar" opens a section's form in its place (`…/section/update` with only what changed),
 * move up or down, delete (asked first), and "Añadir sección" at the end (`…/section/create`).
 * `onChanged` reads the subtheme again after every write.
 */
export function SectionsPanel({ api, subtheme, readOnly, onChanged }: { api: TemaryApi; subtheme: SubthemeDetail; readOnly: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const explain = useExplain();
  const actions = useChildActions(api.sections, 'section', onChanged);
  const [editing, setEditing] = useState<number | null>(null);
  // bumped after a section is added: the form starts empty again
  const [added, setAdded] = useState(0);
  const open = readOnly ? null : editing;

  const editor = (section: Section) =>
    section.id === open ? (
      <ChildForm
        values={{ title: section.title, text: section.content }}
        textField="content"
        label={t('section.editNamed', { title: section.title })}
        submitLabel={t('save')}
        testId="section-edit"
        onSubmit={async (body) => {
          const fields = changedFields<SectionFields>({ title: body.title, content: body.content }, section);
          if (Object.keys(fields).length === 0) {
            toast.info(t('noChanges'));
            setEditing(null);
            return;
          }
          // only what changed: an update without a position leaves it where it is (README "Order")
          await api.sections.update(section.id, fields);
          toast.success(t('section.saved', { title: body.title }));
          setEditing(null);
          onChanged();
        }}
        onRefused={(failure) => {
          // deleted meanwhile: the section leaves the list, its form with it; the reason stays above
          if (!isConflict(failure)) return;
          setEditing(null);
          actions.setErrors(messages(explain(failure)));
          onChanged();
        }}
        extra={
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setEditing(null)}>
            {t('cancel')}
          </button>
        }
      />
    ) : null;

  return (
    <section className="card temary-section" aria-labelledby="temary-sections-title" data-testid="subtheme-sections">
      <h2 id="temary-sections-title" className="card__title">
        {t('section.title')}
      </h2>
      <ErrorList messages={actions.errors} testId="section-action-errors" />
      <OrderedList<Section>
        kind="section"
        items={subtheme.sections}
        label={t('section.list')}
        readOnly={readOnly}
        busy={actions.busy}
        onMove={(section, position) => void actions.move(section, position)}
        onDelete={(section) => void actions.remove(section)}
        testId="section"
        replace={editor}
        title={(section) => <strong data-testid="section-title">{section.title}</strong>}
        detail={(section) =>
          section.content && (
            <p className="temary-text" data-testid="section-content">
              {section.content}
            </p>
          )
        }
        actions={(section) =>
          !readOnly && (
            <button
              type="button"
              className="vk-btn vk-btn--light"
              aria-label={t('section.editNamed', { title: section.title })}
              onClick={() => {
                actions.setErrors([]);
                setEditing(section.id);
              }}
            >
              {t('edit')}
            </button>
          )
        }
      />
      {!readOnly && (
        <div className="temary-create" data-testid="section-create">
          <h3 className="temary-subtitle">{t('section.addTitle')}</h3>
          <ChildForm
            key={added}
            values={null}
            textField="content"
            label={t('section.addTitle')}
            submitLabel={t('section.add')}
            onSubmit={async (body) => {
              await api.sections.create(subtheme.id, body);
              toast.success(t('section.created', { title: body.title }));
              setAdded((n) => n + 1);
              onChanged();
            }}
            onRefused={(failure) => isConflict(failure) && onChanged()}
          />
        </div>
      )}
    </section>
  );
}
