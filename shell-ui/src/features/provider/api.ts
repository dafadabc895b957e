import type { ApiClient, Base64File, ListPage } from '@volante/plugin-ui';
import type { Business, BusinessGroup, BusinessRecord, BusinessStatus, CopyKind, CopyRequest, CopyResult, InitialPositions, NotificationFields, NotificationGroup, ProviderNotification, RemovedBusiness, SchoolSearch, SessionReport, UserReportQuery } from './types';
import type { PanelGroup } from './GroupsPanel';

/** What `notifications/readall` takes. */
export interface NotificationQuery {
  search: string;
  group_id: number | null;
  page: number;
  per_page: number;
}

/**
 * The host's provider calls (provider administrators only) for notifications, business groups,
 * the businesses, the school finder, the content copied between businesses and the reports on a
 * school's user. Memoise it per client (`useMemo(() => providerCalls(api), [api])`): its methods are
 * stable, as `useLoad` / `useRecord` need.
 */
export function providerCalls(api: ApiClient) {
  return {
    notifications: {
      list: (query: NotificationQuery) => api.post<ListPage<ProviderNotification>>('notifications/readall', query),
      read: (id: number) => api.get<ProviderNotification>(`notifications/read/${id}`),
      create: (body: NotificationFields) => api.post<ProviderNotification>('notifications/create', body),
      update: (id: number, changed: Partial<NotificationFields>) => api.post<ProviderNotification>('notifications/update', { notification_id: id, ...changed }),
      remove: (id: number) => api.post<{ notification_id: number }>('notifications/delete', { notification_id: id }),
    },
    notificationGroups: {
      /** As the groups panel (and the selects) show them. */
      list: () => api.get<NotificationGroup[]>('notifications/group/read').then(notificationPanelGroups),
      create: (name: string) => api.post<NotificationGroup>('notifications/group/create', { name }),
      remove: (groupId: number) => api.post<{ group_id: number }>('notifications/group/delete', { group_id: groupId }),
    },
    businessGroups: {
      /** As the groups panel (and the selects) show them. */
      list: () => api.get<BusinessGroup[]>('business/group/readgroup').then(businessPanelGroups),
      create: (name: string) => api.post<BusinessGroup>('business/group/create', { name }),
      remove: (groupId: number) => api.post<{ group_id: number }>('business/group/delete', { group_id: groupId }),
    },
    business: {
      assignGroup: (businessId: number, groupId: number | null) => api.post<Business>('business/assign/group/update', { business_id: businessId, group_id: groupId }),
      setStatus: (businessId: number, status: BusinessStatus) => api.post<Business>('business/status', { business_id: businessId, status }),
      /**
       * Deletes a suspended school and everything it has, irreversibly; `confirm` is its name typed
       * again (the host ignores case and surrounding spaces).
       */
      removeComplete: (businessId: number, confirm: string) => api.get<RemovedBusiness>('business/removecomplete', { business_id: businessId, confirm }),
      /** The school's record card: data, branches, services, users by role, storage, activity. */
      record: (businessId: number) => api.get<BusinessRecord>('business/ficha/read', { business_id: businessId }),
      /** Every business (without their services), as the business list reads them. */
      list: () => api.get<Business[]>('business/read', { all: true }),
      /**
       * Gives the business the default positions (Director, Profesor, Administrativo, Comercial) it
       * lacks (a GET that writes, as the spec names it).
       */
      initialPositions: (businessId: number) => api.get<InitialPositions>('business/initalpositions', { business_id: businessId }),
    },
    copies: {
      /** What the installed plugins can copy from one business to another. */
      kinds: () => api.get<CopyKind[]>('business/copy/kinds'),
      /** Copies `kind` from business `from` into business `to`, whole or not at all. */
      copy: (request: CopyRequest) => api.post<CopyResult>('business/copy', request),
    },
    reports: {
      /** A user's sessions in the school over the period (the host audits each). */
      sessions: (businessId: number, userId: number, query: UserReportQuery) =>
        api.get<SessionReport>(`user/sessions/generate/${reportPath(businessId, userId, query)}`, { ranges: query.ranges ? 1 : 0 }),
      /**
       * The worker's time-clock record over the period as a PDF (the clock plugin; the school needs
       * its `clock` service).
       */
      clockRecord: (businessId: number, userId: number, query: UserReportQuery) =>
        api.get<Base64File>(`user/controlhorario/generate/${reportPath(businessId, userId, query)}`, { ranges: query.ranges ? 1 : 0 }),
    },
    finder: {
      /**
       * The schools whose data, branches or users contain `search` (at least 2 characters; accents
       * and case ignored), each with what matched.
       */
      search: (search: string) => api.get<SchoolSearch>('buscador/autoescuelas', { search }),
    },
  };
}

export type ProviderCalls = ReturnType<typeof providerCalls>;

/** `{business}/{id}/{d1}/{d2}/{between}` of the reports on a user. */
const reportPath = (businessId: number, userId: number, { d1, d2, between }: UserReportQuery) =>
  [businessId, userId, d1, d2, between ? 1 : 0].map((part) => encodeURIComponent(String(part))).join('/');

/** Notification groups as the groups panel shows them. */
export const notificationPanelGroups = (groups: NotificationGroup[]): PanelGroup[] => groups.map((g) => ({ group_id: g.group_id, name: g.name, count: g.notifications }));
/** Business groups as the groups panel shows them. */
export const businessPanelGroups = (groups: BusinessGroup[]): PanelGroup[] => groups.map((g) => ({ group_id: g.group_id, name: g.name, count: g.businesses }));
