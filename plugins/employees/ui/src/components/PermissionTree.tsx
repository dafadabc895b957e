import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { PermissionNode } from '../api';

/** Every permission key of a tree (a group's own key is no permission), depth first. */
export function treeKeys(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => [...(n.group ? [] : [n.key]), ...treeKeys(n.children ?? [])]);
}

/**
 * A role's permission tree as check boxes: each permission ticked by itself (holding a parent
 * does not give its children); a plugin's branch (`group: true`) is a heading. The keys are sent
 * in the tree's order; keys the role holds that the tree no longer shows are kept.
 */
export function PermissionTree({ tree, value, onChange, disabled }: { tree: PermissionNode[]; value: readonly string[]; onChange(value: string[]): void; disabled?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const order = treeKeys(tree);
  const toggle = (key: string, on: boolean) => {
    const next = on ? [...value, key] : value.filter((k) => k !== key);
    const known = order.filter((k) => next.includes(k));
    onChange([...known, ...next.filter((k) => !order.includes(k))]);
  };
  const render = (nodes: readonly PermissionNode[], depth: number) => (
    <ul className={depth === 0 ? 'employees-tree' : 'employees-tree employees-tree--nested'}>
      {nodes.map((node) => (
        <li key={node.key} data-testid={`perm-${node.key}`}>
          {node.group ? (
            <h4 className="employees-tree__group">{node.label}</h4>
          ) : (
            <label className="vk-check">
              <input type="checkbox" name="permissions" value={node.key} checked={value.includes(node.key)} disabled={disabled} onChange={(ev) => toggle(node.key, ev.target.checked)} />
              <span>{node.label}</span>
            </label>
          )}
          {node.children?.length > 0 && render(node.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return (
    <fieldset className="vk-field employees-tree__box" data-testid="permission-tree">
      <legend className="vk-label">{t('roles.permissions')}</legend>
      {render(tree, 0)}
    </fieldset>
  );
}
