import { compactQuery, type ApiClient, type FoundContact, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';

/**
 * Who someone is in a room (README): its teacher, a member of staff who takes part, a student (a
 * contact), an inspector, or a manager (`room.manage` without being in the room).
 */
export type PersonKind = 'teacher' | 'member' | 'student' | 'inspector' | 'manager';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

// --- Rooms (athena/) --------------------------------------------------------------------------

/** The fields `athena/create` and `athena/update` take (README "Records": room). */
export interface RoomFields {
  /** Required, at most 200 characters. */
  name: string;
  /** At most 5,000 characters. */
  description: string;
  /** The caller's branch when left out. */
  branch_id: number | null;
  /** An active staff user ("El profesor no existe"). */
  teacher_id: number | null;
  /** `YYYY-MM-DDTHH:MM`, Spanish time (a `datetime-local` input's value). */
  starts_at: string | null;
  /** After `starts_at`. */
  ends_at: string | null;
  /** Active staff users who take part. */
  member_ids: number[];
  /** Client contacts: each gets a personal link. */
  student_ids: number[];
}

/** A meeting of a room (`rooms_meeting`): open while `ended_at` is null. */
export interface Meeting {
  id: number;
  /** `{meeting_server}/{code}`: the video meeting (Jitsi Meet). */
  url: string;
  /** UTC, ISO 8601. */
  started_at: string;
  started_by?: number | null;
  started_by_name: string | null;
  ended_at?: string | null;
}

export interface RoomMember {
  user_id: number;
  name: string;
}

/** A student of a room, with their personal link (null once revoked or expired). */
export interface RoomStudent {
  id: number;
  contact_id: number;
  name: string;
  email: string;
  url: string | null;
}

/**
 * An inspector's access to a room (README "Records": inspector). Those whose access was taken
 * away stay in the room's list (`state` deleted, no link), for the record.
 */
export interface Inspector {
  id: number;
  state?: RecordState;
  name: string;
  email: string;
  organisation: string;
  /** Their personal link; null once deleted or expired ("No hay enlace disponible"). */
  url: string | null;
  created_at: string;
}

/** `GET athena/read?id=`: a room in detail. */
export interface Room extends Stored {
  name: string;
  description: string;
  branch_id: number | null;
  teacher_id: number | null;
  starts_at: string;
  ends_at: string;
  member_ids: number[];
  student_ids: number[];
  teacher_name: string | null;
  members: RoomMember[];
  students: RoomStudent[];
  inspectors: Inspector[];
  /** The open meeting, or null. */
  meeting: Meeting | null;
}

/** A row of `GET athena/read`'s page: the people counted, and whether a meeting is open. */
export interface RoomItem {
  id: number;
  state: RecordState;
  name: string;
  description: string;
  branch_id: number | null;
  teacher_id: number | null;
  teacher_name: string | null;
  starts_at: string;
  ends_at: string;
  members: number;
  students: number;
  inspectors: number;
  live: boolean;
}

export interface RoomQuery {
  search?: string;
  /** '' (the host's default), `deleted` or `all`. */
  state?: string;
  /** `YYYY-MM-DD`: the rooms starting from and to these days. */
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

/** `GET athena/user/room`: one of the caller's rooms (teacher or member). */
export interface MyRoom {
  id: number;
  name: string;
  description: string;
  starts_at: string;
  ends_at: string;
  teacher_id: number | null;
  teacher_name: string | null;
  live: boolean;
  meeting: Meeting | null;
}

/** Someone in the open meeting now. */
export interface Presence {
  kind: PersonKind;
  name: string;
  /** UTC, ISO 8601. */
  joined_at: string;
  last_seen_at: string;
}

/** `GET athena/pizarra` and `GET athena/join`: the room, its open meeting and who is in it. */
export interface LiveView {
  room: { id: number; name: string; description: string; starts_at: string; ends_at: string; teacher_name: string | null };
  meeting: Pick<Meeting, 'id' | 'url' | 'started_at' | 'started_by_name'> | null;
  /** On `athena/join`, only for an inspector (otherwise empty). */
  present: Presence[];
  /** When the latest meeting ended, while none is open (null when none was held). */
  last_ended_at?: string | null;
  /** Who the caller is in the room. */
  kind: PersonKind;
  /** The caller's name. */
  name: string;
}

/** `GET athena/reports/{id}`: the room's attendance. */
export interface Report {
  room: { id: number; name: string; starts_at: string; ends_at: string; teacher_name: string | null };
  meetings: ReportMeeting[];
  people: { kind: PersonKind; name: string; meetings: number; minutes: number }[];
}

export interface ReportMeeting {
  id: number;
  started_at: string;
  ended_at: string | null;
  started_by_name: string | null;
  minutes: number;
  attendees: { kind: PersonKind; name: string; joined_at: string; last_seen_at: string; minutes: number }[];
}

/** `POST athena/create/inspector`. */
export interface InspectorFields {
  room_id: number;
  /** Required, at most 200 characters. */
  name: string;
  /** Valid or empty; needed to mail the link. */
  email: string;
  /** At most 200 characters. */
  organisation: string;
  /** Mail the link to `email`. */
  send: boolean;
}

/** `GET|POST athena/settings`. */
export interface Settings {
  /** The Jitsi Meet server's address (`https://meet.jit.si` until changed). */
  meeting_server: string;
}

// --- Other sources ----------------------------------------------------------------------------

/** A member of staff, to choose a room's teacher and members. */
export interface StaffMember {
  user_id: number;
  name: string;
  branch_id?: number | null;
}

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/**
 * The staff to choose from (`GET athena/staff`, an extension like the other plugins'
 * `alarma/staff` or `clase/guiada/staff`: the business's active users by name, from the host's
 * directory).
 */
export const STAFF_PATH = 'athena/staff';

/** A list answered bare or as a page. */
const itemsOf = <T,>(answer: T[] | ListPage<T>): T[] => (Array.isArray(answer) ? answer : (answer?.items ?? []));

/** The rooms plugin's calls (README "Calls"), and the others' it uses. */
export function roomsApi(api: ApiClient) {
  return {
    rooms: {
      list: (query: RoomQuery) => api.get<ListPage<RoomItem>>('athena/read', compactQuery(query)),
      read: (id: number) => api.get<Room>('athena/read', { id }),
      create: (fields: Partial<RoomFields>) => api.post<Room>('athena/create', fields),
      update: (id: number, fields: Partial<RoomFields>) => api.post<Room>('athena/update', { id, ...fields }),
      remove: (id: number) => api.post<Room>('athena/delete', { id }),
      /** The caller's own active rooms, soonest first. */
      mine: () => api.get<MyRoom[] | ListPage<MyRoom>>('athena/user/room').then(itemsOf),
      report: (id: number) => api.get<Report>(`athena/reports/${id}`),
    },
    students: {
      /** `POST athena/send/links`: each student (or those given) gets their link by mail. */
      sendLinks: (roomId: number, ids?: number[]) => api.post<{ sent: number; without_email: string[] }>('athena/send/links', ids ? { room_id: roomId, ids } : { room_id: roomId }),
    },
    inspectors: {
      create: (fields: InspectorFields) => api.post<Inspector>('athena/create/inspector', fields),
      remove: (id: number) => api.post<Inspector>('athena/delete/inspector', { id }),
    },
    meetings: {
      /** The room's meeting now; records the caller's presence (the page asks every minute). */
      pizarra: (roomId: number) => api.get<LiveView>('athena/pizarra', { room_id: roomId }),
      open: (roomId: number) => api.post<Meeting>('athena/meet/create', { room_id: roomId }),
      end: (roomId: number) => api.post<Meeting>('athena/meet/end', { room_id: roomId }),
      /** The public page's call: no session needed (a signed-in browser's token is ignored by the host). */
      join: (reference: string) => api.get<LiveView>('athena/join', { reference }, { auth: false }),
    },
    settings: {
      read: () => api.get<Settings>('athena/settings'),
      save: (settings: Settings) => api.post<Settings>('athena/settings', settings),
    },
    staff: () => api.get<StaffMember[] | ListPage<StaffMember>>(STAFF_PATH).then(itemsOf),
    contacts: {
      /** Client contacts (people) found by the contacts plugin's finder. */
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search, type: 'P' }),
    },
  };
}

export type RoomsApi = ReturnType<typeof roomsApi>;
