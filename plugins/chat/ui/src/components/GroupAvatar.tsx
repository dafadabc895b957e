import { fileReadUrl, useSession } from '@volante/plugin-ui';
import type { Group } from '../api';

/** A group's image (with the session's token), or its initial on a disc. */
export function GroupAvatar({ group, large = false }: { group: Pick<Group, 'name' | 'image_file_id'>; large?: boolean }) {
  const session = useSession();
  const className = large ? 'chat-avatar chat-avatar--large' : 'chat-avatar';
  if (group.image_file_id) return <img className={className} src={fileReadUrl(group.image_file_id, session.store.getToken())} alt="" data-testid="group-avatar" />;
  return (
    <span className={`${className} chat-avatar--initial`} aria-hidden="true">
      {group.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
