import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Tree } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useMemo } from 'react';
import { selectIsDirty } from '../../machines/admin/role-menus.machine';
import { checkStates, type MenuNode, menuTree } from '../../machines/admin/role-menus.tree';
import { type Translate, useLang, useT } from '../app-context';
import type { RoleMenusActor } from './role-menus-page';

const toTreeNodes = (nodes: MenuNode[], t: Translate): TreeNode[] =>
  nodes.map((node) => ({
    key: node.key,
    label: t(node.labelKey),
    data: node.kind,
    className: `portal-menu-${node.kind}`,
    children: node.children.length ? toTreeNodes(node.children, t) : undefined,
  }));

/** The selected role's pages as a checkbox tree of modules, menu groups, pages and their detail pages. */
export function RoleMenusTree({ actor }: { actor: RoleMenusActor }) {
  const t = useT();
  const lang = useLang();
  const role = useSelector(actor, (s) => s.context.role);
  const ticked = useSelector(actor, (s) => s.context.ticked);
  const dirty = useSelector(actor, selectIsDirty);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const loading = useSelector(actor, (s) => s.matches('loadingRole'));
  const canDelete = useSelector(actor, (s) => s.can({ type: 'role.delete' }));
  const nodes = useMemo(() => toTreeNodes(menuTree, t), [t]);
  const selection = useMemo(() => checkStates(ticked), [ticked]);

  if (!role) {
    return <p className="portal-role-hint">{t(loading ? 'app.loading' : 'admin.roleMenus.pickRole')}</p>;
  }
  const toggle = (key: unknown) => actor.send({ type: 'menu.toggle', key: String(key) });

  return (
    <div className="portal-role-pages">
      <header>
        <div>
          <h3>
            {lang === 'en' ? role.RoleNameEn : role.RoleName} <small>{role.RoleCode}</small>
          </h3>
          <span className="portal-role-meta">
            {t(`admin.roleMenus.dataScope.${role.DataScope}`)} ·{' '}
            {t('admin.roleMenus.ticked', { count: ticked.length })}
            {dirty && <em className="portal-role-dirty"> · {t('admin.roleMenus.dirty')}</em>}
          </span>
        </div>
        <div className="portal-role-actions">
          <Button
            size="small"
            label={t('admin.roleMenus.save')}
            icon="pi pi-check"
            disabled={!dirty}
            loading={saving}
            onClick={() => actor.send({ type: 'changes.save' })}
          />
          <Button
            size="small"
            outlined
            label={t('admin.roleMenus.discard')}
            disabled={!dirty}
            onClick={() => actor.send({ type: 'changes.discard' })}
          />
          <Button
            size="small"
            severity="danger"
            outlined
            icon="pi pi-trash"
            label={t('admin.roleMenus.delete')}
            disabled={!canDelete}
            onClick={() => actor.send({ type: 'role.delete' })}
          />
        </div>
      </header>
      <Tree
        value={nodes}
        selectionMode="checkbox"
        selectionKeys={selection}
        onSelect={(e) => toggle(e.node.key)}
        onUnselect={(e) => toggle(e.node.key)}
        filter
        filterMode="lenient"
        filterPlaceholder={t('admin.roleMenus.filter')}
        aria-label={t('admin.roleMenus.pages')}
        nodeTemplate={(node, options) => (
          <span className={options.className}>
            {node.label}
            {node.data === 'detail' && (
              <span className="portal-detail-tag">{t('admin.roleMenus.detailPage')}</span>
            )}
          </span>
        )}
      />
    </div>
  );
}
