import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { BlogStatus, CustomerCourse, CustomerMode, OrderState } from '../api';
import { BLOG_TONE, COURSE_TONE, CUSTOMER_STATUSES, STATE_TONE } from '../lists';
import { formatDay } from '../customer/courses';
import type { LegalState } from '../legal';

const badge = (tone: string | undefined) => (tone === 'info' ? 'vk-badge web-badge--info' : tone ? `vk-badge vk-badge--${tone}` : 'vk-badge web-muted-badge');

/** An order's state: Pendiente de pago, Pagado, Configurado, Con errores (the host's name for any other). */
export function OrderStateBadge({ state, name }: { state: OrderState; name?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const known = state in STATE_TONE;
  return (
    <span className={badge(STATE_TONE[state])} data-testid="order-state" data-state={state}>
      {known ? t(`state.${state}`) : (name ?? String(state))}
    </span>
  );
}

/** How Redsys answered one notification: accepted or refused. */
export function ResultBadge({ ok }: { ok: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(ok ? 'success' : 'danger')} data-testid="notification-result" data-ok={ok}>
      {ok ? t('order.notifications.ok') : t('order.notifications.failed')}
    </span>
  );
}

/**
 * Where a customer's online course stands: "Disponible", "Empieza el {starts_on}", "Terminó el
 * {ends_on}", "En pausa" (the host's word for any other status).
 */
export function CourseStatusBadge({ course }: { course: Pick<CustomerCourse, 'status' | 'starts_on' | 'ends_on'> }) {
  const { t } = useTranslation(NAMESPACE);
  const { status } = course;
  const known = status in COURSE_TONE;
  const date = status === 'pending' ? formatDay(course.starts_on) : status === 'expired' ? formatDay(course.ends_on) : '';
  return (
    <span className={badge(known ? COURSE_TONE[status] : undefined)} data-testid="course-status" data-status={status}>
      {known ? t(`customer.dashboard.courses.status.${status}`, { date }) : String(status)}
    </span>
  );
}

/**
 * A customer's mode in the shop: "Demostración" (a warning: no renewals), "Matriculado", or "Sin
 * modo (compra como matriculado)" (the host's name for any other).
 */
export function CustomerModeBadge({ mode, testId = 'customer-mode' }: { mode: CustomerMode; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { status } = mode;
  const known = status !== null && CUSTOMER_STATUSES.includes(status);
  const label = status === null ? t('customerStatus.none') : known ? t(`customerStatus.${status}`) : mode.status_name || String(status);
  return (
    <span className={badge(status === 'demo' ? 'warning' : status === 'enrolled' ? 'success' : undefined)} data-testid={testId} data-status={status ?? ''}>
      {label}
    </span>
  );
}

/** The tone of a legal text's state: in force is good, taken down warns, never written is muted. */
const LEGAL_TONE: Record<LegalState, string | undefined> = { published: 'success', withdrawn: 'warning', unwritten: undefined };

/** Where a legal text stands: "Publicado", "Retirado" (its newest version is empty), "Sin publicar" (never written). */
export function LegalStateBadge({ state }: { state: LegalState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(LEGAL_TONE[state])} data-testid="legal-state" data-state={state}>
      {t(`legal.state.${state}`)}
    </span>
  );
}

/** A blog post's status: Borrador (muted), Programada, Publicada, Descartada (the status itself for any other). */
export function BlogStatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation(NAMESPACE);
  const known = status in BLOG_TONE;
  return (
    <span className={badge(known ? BLOG_TONE[status] : undefined)} data-testid="post-status" data-status={status}>
      {known ? t(`blogStatus.${status}`) : String(status)}
    </span>
  );
}
