import { compactQuery, type ApiClient, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** How an alarm repeats once it has gone off (README "Alarms"). */
export type Repeat = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';

/** The fields `alarma/create` and `/update` take (README "Alarms"). */
export interface AlarmFields {
  title: string;
  description: string;
  /** One of the business's alarm groups, or null. */
  group_id: number | null;
  /** `YYYY-MM-DD`: the first day it goes off (peninsula time). */
  date: string;
  /** `HH:MM`, peninsula time. */
  time: string;
  repeat: Repeat;
  /** Active staff, at most 100; empty: the caller. */
  user_ids: number[];
  /** Also e-mail each person when it goes off. */
  send_mail: boolean;
  /** A path of Volante to open from the notice (`/vehicle/view/3`); '' (or null): none. */
  link: string;
}

/** An alarm group (`GET alarma/group/read`). */
export interface AlarmGroup {
  id: number;
  name: string;
  /** `#RRGGBB`. */
  color: string;
}

/** One person an alarm names, from the host's staff directory (null when not found). */
export interface AlarmUser {
  user_id: number;
  name: string | null;
}

/** An alarm as every `alarma/` call answers it. */
export interface Alarm extends Omit<AlarmFields, 'link'> {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
  link: string | null;
  /** UTC: when it goes off next; null when it will not again. */
  next_at: string | null;
  last_fired_at: string | null;
  created_by: number | null;
  users: AlarmUser[];
  group: AlarmGroup | null;
  created_by_name: string | null;
}

export interface AlarmQuery {
  /** A user id, or `me`. */
  user_id?: string;
  group_id?: string;
  search?: string;
  state?: string;
  page: number;
  per_page: number;
}

/** A notice: what one person got when an alarm went off, kept until dismissed. */
export interface Notice {
  id: number;
  alarm_id: number;
  title: string;
  description: string;
  /** '' or null: none. */
  link: string | null;
  /** UTC. */
  fired_at: string;
}

/** `GET alarma/notice/read`: the newest first (at most 100), and how many there are. */
export interface NoticePage {
  items: Notice[];
  total: number;
}

/** The realtime `alarms.notice` push. */
export interface NoticePush {
  title?: string;
  body?: string;
  link?: string | null;
  notice?: Notice;
}

/** `GET alarma/staff`: the business's active users, by name. */
export interface StaffMember {
  user_id: number;
  name: string;
  branch_id: number | null;
}

/** The alarms plugin's calls. */
export function alarmsApi(api: ApiClient) {
  return {
    alarms: {
      list: (query: AlarmQuery) => api.get<ListPage<Alarm>>('alarma/read', compactQuery(query)),
      read: (id: number) => api.get<Alarm>('alarma/read', { id }),
      create: (fields: Partial<AlarmFields>) => api.post<Alarm>('alarma/create', fields),
      update: (id: number, fields: Partial<AlarmFields>) => api.post<Alarm>('alarma/update', { id, ...fields }),
      remove: (id: number) => api.post<Alarm>('alarma/delete', { id }),
    },
    groups: {
      list: () => api.get<AlarmGroup[]>('alarma/group/read'),
      create: (fields: { name: string; color: string }) => api.post<AlarmGroup>('alarma/group/create', fields),
      remove: (id: number) => api.post<unknown>('alarma/group/delete', { id }),
    },
    notices: {
      list: () => api.get<NoticePage>('alarma/notice/read'),
      dismiss: (id: number) => api.post<{ dismissed: number }>('alarma/notice/dismiss', { id }),
      dismissAll: () => api.post<{ dismissed: number }>('alarma/notice/dismiss', { all: true }),
    },
    /** Whom an alarm may name (extension; needs only `alarm`). */
    staff: () => api.get<StaffMember[]>('alarma/staff'),
  };
}

export type AlarmsApi = ReturnType<typeof alarmsApi>;
