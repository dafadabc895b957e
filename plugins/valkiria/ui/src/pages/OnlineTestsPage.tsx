import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, errorList, hasErrorCode, useApi } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi } from '../api';
import { ONLINE_TEST_PARAM, idParam } from '../paths';
import type { OnlineClosed as Closed } from '../lists';
import { OnlineHome } from '../components/OnlineHome';
import { OnlineTaking } from '../components/OnlineTaking';
import { useLinkRead } from '../components/useLinkRead';

/**
 * The host's refusal as the page says it; null for another failure. Reading the page (`home`),
 * every refusal of the link closes it; later (a test, a doubt) only those that end the link: the
 * others (a test the student may not take, a wrong PIN) are the test's to show.
 */
function closedBy(failure: unknown, home: boolean): Closed | null {
  if (!failure) return null;
  if (hasErrorCode(failure, 'LINK-001')) return 'revoked';
  if (hasErrorCode(failure, 'SERVICE-000')) return 'unavailable';
  if (!home) return null;
  if (hasErrorCode(failure, 'NOT-FOUND-000')) return 'unknown';
  // the plugin's: the student's access paused (made inactive)
  if (hasErrorCode(failure, 'CONFLICT-000')) return 'access';
  return null;
}

/**
 * `/test/online/:reference` — a student's own page at home, opened with their personal link (no
 * session: the shell shows it in its public layout). `GET valkiria/online/read?reference=`: the
 * school's and the student's names, their enrolments, tests and figures (`OnlineHome`); "Hacer
 * el test" opens the test in the page (`?test=`, `OnlineTaking`) and "Volver a mis test" reads the
 * page again. A refused link says why: unknown (`NOT-FOUND-000`) "Este enlace no es válido", no
 * longer valid (`LINK-001`, also met while taking a test) "Este enlace ya no da acceso", the
 * access paused (`CONFLICT-000`) with the host's reason.
 */
export default function OnlineTestsPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const reference = useParams().reference ?? '';
  const [params, setParams] = useSearchParams();
  const testId = idParam(params.get(ONLINE_TEST_PARAM) ?? undefined);
  const readHome = useCallback(() => api.online.read(reference), [api, reference]);
  const home = useLinkRead(readHome);
  // a refusal met later that ends the link (a test, a doubt)
  const [ended, setEnded] = useState<unknown>(null);

  const onClosed = useCallback((failure: unknown) => {
    if (!closedBy(failure, false)) return false;
    setEnded(failure);
    return true;
  }, []);
  const back = () => {
    setParams({}, { replace: true });
    home.reload();
  };

  const failure = ended ?? home.failure;
  const closed = ended ? closedBy(ended, false) : closedBy(home.failure, true);
  if (closed) {
    const reason = closed === 'access' ? errorList(failure)[0]?.details : '';
    return (
      <section className="card valkiria-public valkiria-public--closed" role="alert" data-testid={`link-${closed}`}>
        <h1 className="valkiria-public__title">{t(`online.closed.${closed}.title`)}</h1>
        <p>{reason || t(`online.closed.${closed}.message`)}</p>
      </section>
    );
  }
  const view = home.data;
  if (!view) {
    return <PageState error={home.failure ? (errorList(home.failure)[0]?.details ?? '') : null} onRetry={home.reload} />;
  }

  return (
    <div className="valkiria-public" data-testid="online-page">
      <section className="card valkiria-public__head" aria-labelledby="valkiria-online-title" data-testid="online-head">
        <p className="muted valkiria-public__eyebrow" data-testid="online-school">
          {t('online.eyebrow', { school: view.school })}
        </p>
        <h1 id="valkiria-online-title" className="valkiria-public__title" data-testid="online-student">
          {view.name}
        </h1>
        {testId > 0 ? null : <p>{t('online.intro')}</p>}
        {view.two_factor && (
          <p className="muted" data-testid="online-pin-needed">
            {t('online.pinNeeded')}
          </p>
        )}
      </section>
      {testId > 0 ? (
        <OnlineTaking key={testId} api={api} reference={reference} testId={testId} home={view} onBack={back} onClosed={onClosed} />
      ) : (
        <OnlineHome home={view} onTake={(test) => setParams({ [ONLINE_TEST_PARAM]: String(test.id) })} />
      )}
    </div>
  );
}
