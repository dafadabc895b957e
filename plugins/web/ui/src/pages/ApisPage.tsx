import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CopyLink,
  DataTable,
  ErrorList,
  FieldErrorMessage,
  FormMessages,
  PageState,
  SubmitActions,
  errorList,
  namedField,
  useApi,
  useConfirm,
  useDraftForm,
  useLoad,
  usePageLayout,
  useSession,
  useToast,
  type ApiErrorItem,
  type Column,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { webApi, type Apis, type ApisUpdate, type KeyKind, type KeyUpdate, type ThirdPartyKey, type WebApi } from '../api';
import { KEY_KINDS, PERMISSION } from '../lists';

/** A third-party key as the form holds it. */
export interface KeyDraft {
  public_key: string;
  /** A new private key; empty keeps the stored one (unless `remove`). */
  private_key: string;
  /** Remove the stored private key (sent as an empty `private_key`). */
  remove: boolean;
}

export type KeysDraft = Record<string, KeyDraft>;

/** The rows: the spec's six kinds in its order, then any other kind the host answers. */
export function keyRows(keys: ThirdPartyKey[]): ThirdPartyKey[] {
  const known = KEY_KINDS.map((kind) => keys.find((k) => k.kind === kind) ?? { kind, label: '', public_key: '', private_set: false });
  return [...known, ...keys.filter((k) => !KEY_KINDS.includes(k.kind))];
}

const keysDraft = (rows: ThirdPartyKey[]): KeysDraft => Object.fromEntries(rows.map((k) => [k.kind, { public_key: k.public_key ?? '', private_key: '', remove: false }]));

/**
 * What `apis/update` takes: every row (in the order shown, which the host's `keys[i]` errors
 * point at) with its public key; `private_key` only when one was typed, or empty to remove it.
 */
export function keysBody(rows: ThirdPartyKey[], draft: KeysDraft): KeyUpdate[] {
  return rows.map(({ kind }) => {
    const row = draft[kind];
    const key: KeyUpdate = { kind, public_key: row.public_key.trim() };
    const typed = row.private_key.trim();
    if (row.remove) key.private_key = '';
    else if (typed) key.private_key = typed;
    return key;
  });
}

const publicField = (i: number) => `keys[${i}].public_key`;
const privateField = (i: number) => `keys[${i}].private_key`;

/** The host's error about a whole entry (`keys[2]`, `keys[2].kind`) goes under its public key. */
function keyFieldOf(item: ApiErrorItem): string | undefined {
  const field = namedField(item);
  const entry = field ? /^keys\[(\d+)\](?:\.kind)?$/.exec(field) : null;
  return entry ? publicField(Number(entry[1])) : field;
}

/**
 * `/web/apis` — the shop's keys (`GET web/apis/read`): the web-api key the school's site sends
 * (copy; "Generar una clave nueva", asked first since the old one stops working:
 * `POST web/apis/update {rotate_webapi_key: true}`), and the third-party keys of the six kinds
 * with their public key and their private key, which is never shown (marked "Guardada" when
 * there is one; left empty it is kept, "Quitar" removes it): `POST web/apis/update {keys}`.
 * Only users with the `web` permission may change them.
 */
export default function ApisPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => webApi(client), [client]);
  const session = useSession();
  const loaded = useLoad(api.apis.read);
  // the latest write's answer, shown instead of the first read
  const [answer, setAnswer] = useState<Apis | null>(null);
  // bumped when the keys are saved: their form is drawn again (private keys emptied)
  const [keysVersion, setKeysVersion] = useState(0);
  const title = t('apis.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const apis = answer ?? loaded.data;
  if (!apis) return <PageState error={loaded.failed} onRetry={loaded.reload} />;
  const canWrite = session.can(PERMISSION);

  return (
    <div className="web-page" data-testid="apis-page">
      <WebApiKey api={api} webapiKey={apis.webapi_key} canWrite={canWrite} onRotated={setAnswer} />
      <KeysForm
        key={keysVersion}
        api={api}
        keys={apis.keys}
        readOnly={!canWrite}
        onSaved={(saved) => {
          setAnswer(saved);
          setKeysVersion((v) => v + 1);
        }}
      />
    </div>
  );
}

function WebApiKey({ api, webapiKey, canWrite, onRotated }: { api: WebApi; webapiKey: string | null; canWrite: boolean; onRotated(apis: Apis): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  async function rotate() {
    if (webapiKey) {
      const ok = await confirm({
        title: t('apis.webapi.rotateTitle'),
        message: t('apis.webapi.rotateQuestion'),
        confirmLabel: t('apis.webapi.rotate'),
        tone: 'danger',
      });
      if (!ok) return;
    }
    setFailures([]);
    setBusy(true);
    try {
      const body: ApisUpdate = { rotate_webapi_key: true };
      onRotated(await api.apis.update(body));
      toast.success(webapiKey ? t('apis.webapi.rotated') : t('apis.webapi.issued'));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code || t('actionError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card web-section" aria-labelledby="web-apis-webapi" data-testid="webapi">
      <h2 id="web-apis-webapi" className="card__title">
        {t('apis.webapi.title')}
      </h2>
      <p className="muted web-hint">{t('apis.webapi.explain')}</p>
      {webapiKey ? (
        <div className="web-url">
          <code className="web-secret" data-testid="webapi-key">
            {webapiKey}
          </code>
          <CopyLink text={webapiKey} label={t('apis.webapi.copy')} testId="webapi-key" />
        </div>
      ) : (
        <p className="vk-alert vk-alert--info" data-testid="webapi-key-missing">
          {t('apis.webapi.missing')}
        </p>
      )}
      <ErrorList messages={failures} testId="webapi-errors" />
      {canWrite && (
        <div className="web-actions">
          <button type="button" className={webapiKey ? 'vk-btn vk-btn--danger' : 'vk-btn vk-btn--primary'} disabled={busy} onClick={() => void rotate()}>
            {webapiKey ? t('apis.webapi.rotate') : t('apis.webapi.issue')}
          </button>
        </div>
      )}
    </section>
  );
}

function KeysForm({ api, keys, readOnly, onSaved }: { api: WebApi; keys: ThirdPartyKey[]; readOnly: boolean; onSaved(apis: Apis): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  // the rows as first drawn: the host's `keys[i]` errors point into the list as sent
  const [rows] = useState(() => keyRows(keys));
  const fields = useMemo(() => rows.flatMap((_, i) => [publicField(i), privateField(i)]), [rows]);
  const { draft, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<KeysDraft, ApisUpdate>(() => keysDraft(rows), {
    fields,
    toBody: (d) => ({ keys: keysBody(rows, d) }),
    onSubmit: async (body) => {
      const saved = await api.apis.update(body);
      toast.success(t('apis.keys.saved'));
      onSaved(saved);
    },
    fallback: t('actionError'),
    fieldOf: keyFieldOf,
    disabled: readOnly,
  });
  const change = (kind: KeyKind, patch: Partial<KeyDraft>) => setDraft((d) => ({ ...d, [kind]: { ...d[kind], ...patch } }));
  // whether a private key is stored now (a rotation's answer may be newer than the rows)
  const stored = (kind: KeyKind) => keys.find((k) => k.kind === kind)?.private_set ?? false;
  const nameOf = (k: ThirdPartyKey) => t(`kinds.${k.kind}`, { defaultValue: k.label || k.kind });

  const columns: Column<ThirdPartyKey>[] = [
    { key: 'kind', header: t('apis.keys.columns.kind'), className: 'web-nowrap', render: (k) => <strong data-testid="key-kind">{nameOf(k)}</strong> },
    {
      key: 'public_key',
      header: t('apis.keys.columns.public_key'),
      render: (k) => {
        const i = rows.indexOf(k);
        const field = publicField(i);
        return (
          <div className="web-key-cell">
            <input
              className="vk-input"
              {...errors.control(field)}
              aria-label={t('apis.keys.publicNamed', { name: nameOf(k) })}
              value={draft[k.kind].public_key}
              autoComplete="off"
              spellCheck={false}
              disabled={ctx.disabled}
              onChange={(ev) => change(k.kind, { public_key: ev.target.value })}
            />
            <FieldErrorMessage form={ctx.formId} field={field} error={errors.errors[field]} />
          </div>
        );
      },
    },
    {
      key: 'private_key',
      header: t('apis.keys.columns.private_key'),
      render: (k) => {
        const i = rows.indexOf(k);
        const field = privateField(i);
        const row = draft[k.kind];
        const isStored = stored(k.kind);
        return (
          <div className="web-key-cell" data-testid={`private-${k.kind}`}>
            <input
              className="vk-input"
              type="password"
              {...errors.control(field)}
              aria-label={t('apis.keys.privateNamed', { name: nameOf(k) })}
              value={row.remove ? '' : row.private_key}
              placeholder={isStored ? t('apis.keys.privateStored') : t('apis.keys.privateMissing')}
              autoComplete="new-password"
              spellCheck={false}
              disabled={ctx.disabled || row.remove}
              onChange={(ev) => change(k.kind, { private_key: ev.target.value })}
            />
            <span className="web-actions">
              {isStored && (
                <span className="vk-badge vk-badge--success" data-testid="private-set">
                  {t('apis.keys.stored')}
                </span>
              )}
              {isStored && !readOnly && (
                <label className="vk-check">
                  <input
                    type="checkbox"
                    checked={row.remove}
                    disabled={ctx.disabled}
                    aria-label={t('apis.keys.removeNamed', { name: nameOf(k) })}
                    onChange={(ev) => change(k.kind, { remove: ev.target.checked, private_key: '' })}
                  />
                  <span aria-hidden="true">{t('apis.keys.remove')}</span>
                </label>
              )}
            </span>
            <FieldErrorMessage form={ctx.formId} field={field} error={errors.errors[field]} />
          </div>
        );
      },
    },
  ];

  return (
    <section className="card web-section" aria-labelledby="web-apis-keys" data-testid="keys">
      <h2 id="web-apis-keys" className="card__title">
        {t('apis.keys.title')}
      </h2>
      <p className="muted web-hint">{t('apis.keys.explain')}</p>
      <form className="vk-form web-keys" aria-label={t('apis.keys.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="keys-errors" />
        <DataTable<ThirdPartyKey> label={t('apis.keys.table')} columns={columns} rows={rows} rowKey={(k) => k.kind} />
        {readOnly ? <p className="muted">{t('noPermission')}</p> : <SubmitActions busy={busy} label={t('apis.keys.save')} />}
      </form>
    </section>
  );
}
