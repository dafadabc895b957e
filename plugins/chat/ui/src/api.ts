import { uploadWithProgress, type ApiClient, type FoundContact, type SessionStore, type UploadProgress } from '@volante/plugin-ui';

/** Who a message goes to (README "A message"). */
export type Target = 'employee' | 'group' | 'contact';
/** The direct conversations' kinds (`/apps/chat/direct/{target}/{id}`). */
export type DirectTarget = 'employee' | 'contact';

/** A message as the calls answer it and the realtime stream pushes it (README "A message"). */
export interface Message {
  message_id: number;
  target: Target;
  from_user_id: number;
  from_name: string;
  to_user_id: number | null;
  group_id: number | null;
  contact_id: number | null;
  text: string;
  created_at: string;
  /** In answers to calls only: the caller wrote it. A push leaves it out. */
  mine?: boolean;
}

/** A row of `chat/all`'s `employees`: every active staff member but the caller. */
export interface EmployeeChat {
  user_id: number;
  name: string;
  last_message: Message | null;
  unread: number;
}

/** A row of `chat/all`'s `contacts`: the contacts the business has written to. */
export interface ContactChat {
  contact_id: number;
  name: string;
  email: string | null;
  last_message: Message | null;
  unread: number;
}

export type GroupState = 'member' | 'invited';

export interface GroupMember {
  user_id: number;
  name: string;
  state: GroupState;
}

/** A group as `chat/group/read` lists it and the group calls answer it. */
export interface Group {
  group_id: number;
  name: string;
  image_file_id: number | null;
  created_by: number;
  created_at: string;
  /** The caller's place in it. */
  my_state: GroupState;
  /** Members and invited people (those who left are not listed). */
  members: GroupMember[];
  last_message: Message | null;
  unread: number;
}

/** `GET chat/all`: what the three tabs show. */
export interface Overview {
  employees: EmployeeChat[];
  contacts: ContactChat[];
  groups: Group[];
}

/** A page of a conversation: oldest first; `has_more` when older messages remain. */
export interface MessagePage {
  messages: Message[];
  has_more: boolean;
}

/** `GET chat/direct/{target}/{id}`. */
export interface DirectConversation extends MessagePage {
  target: DirectTarget;
  id: number;
  name: string;
  /** The contact's address (null for an employee, or a contact without one). */
  email: string | null;
}

/** `GET chat/read/{id}`: an invited person gets the group and no messages. */
export interface GroupConversation extends MessagePage {
  group: Group;
}

/** `POST chat/group/create`'s body. */
export interface GroupCreate {
  name: string;
  image_file_id: number | null;
  employees: number[];
}

/** `POST chat/group/update`'s body besides the group: what changes. */
export interface GroupChanges {
  name?: string;
  image_file_id?: number | null;
}

/** The host's file record `chat/group/image/upload` answers (only what the screens use). */
export interface StoredFile {
  file_id: number;
  name?: string;
  content_type?: string;
}

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** A conversation's page query: `before` a message id pages back. */
export interface PageQuery {
  before?: number;
  limit?: number;
}

/** The chat plugin's calls, and the contacts finder the screens need. */
export function chatApi(api: ApiClient, store?: SessionStore) {
  return {
    overview: () => api.get<Overview>('chat/all'),
    direct: (target: DirectTarget, id: number, query: PageQuery = {}) => api.get<DirectConversation>(`chat/direct/${target}/${id}`, { ...query }),
    group: (id: number, query: PageQuery = {}) => api.get<GroupConversation>(`chat/read/${id}`, { ...query }),
    send: (target: Target, id: number, text: string) => api.post<Message>('chat/send', { target, id, text }),
    groups: {
      list: () => api.get<Group[]>('chat/group/read'),
      create: (body: GroupCreate) => api.post<Group>('chat/group/create', body),
      invite: (groupId: number, employees: number[]) => api.post<Group>('chat/group/invite', { group_id: groupId, employees }),
      update: (groupId: number, changes: GroupChanges) => api.post<Group>('chat/group/update', { group_id: groupId, ...changes }),
      join: (groupId: number) => api.post<Group>('chat/group/join', { group_id: groupId }),
      exit: (groupId: number) => api.post<{ group_id: number }>('chat/group/exit', { group_id: groupId }),
      /** A PNG or JPEG for a group's image (multipart `file`), reporting the progress. */
      uploadImage: (file: File, onProgress?: (progress: UploadProgress) => void) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return uploadWithProgress<StoredFile>('chat/group/image/upload', form, { store, onProgress });
      },
    },
    contacts: {
      // As the dgt and practices screens ask it: people only.
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search, type: 'P' }),
    },
  };
}

export type ChatApi = ReturnType<typeof chatApi>;
