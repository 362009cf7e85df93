import '../styles/role-menus.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { roleMenusMachine } from '../../machines/admin/role-menus.machine';
import { useT } from '../app-context';
import { toast } from '../shell/toast-bus';
import type { PageProps } from './page-view';
import { RoleMenusForm } from './role-menus-form';
import { RoleMenusList } from './role-menus-list';
import { RoleMenusTree } from './role-menus-tree';

export type RoleMenusActor = ActorRefFrom<typeof roleMenusMachine>;

const say = (text: string) => toast({ text, severity: 'success', life: 3000 });

/** SPEC §6 roles: pick a role on the left, tick the pages it may open on the right. */
export default function RoleMenusPage({ page }: PageProps) {
  const t = useT();
  const actor = useActorRef(roleMenusMachine);
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const error = useSelector(actor, (s) => (s.hasTag('form') ? undefined : s.context.error));
  const confirmingDelete = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const confirmingDiscard = useSelector(actor, (s) => s.matches('confirmingDiscard'));

  useEffect(() => {
    const subscriptions = [
      actor.on('role.saved', () => say('admin.roleMenus.saved')),
      actor.on('role.created', () => say('admin.roleMenus.saved')),
      actor.on('role.deleted', () => say('admin.roleMenus.deleted')),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor]);

  const confirmProps = {
    header: t('admin.roleMenus.confirmTitle'),
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('admin.roleMenus.confirm'),
    rejectLabel: t('admin.roleMenus.cancel'),
  };

  return (
    <section className="portal-page portal-role-menus" aria-label={t(page.titleKey)}>
      <RoleMenusList actor={actor} />
      <div className="portal-role-editor">
        {error && (
          <div className="portal-form-error" role="alert">
            {t(error)}
            {loadFailed && (
              <Button
                link
                size="small"
                label={t('admin.roleMenus.reload')}
                onClick={() => actor.send({ type: 'roles.reload' })}
              />
            )}
          </div>
        )}
        <RoleMenusTree actor={actor} />
      </div>
      <RoleMenusForm actor={actor} />
      <ConfirmDialog
        {...confirmProps}
        visible={confirmingDelete}
        message={t('admin.roleMenus.confirmDelete')}
        acceptClassName="p-button-danger"
        accept={() => actor.send({ type: 'delete.confirm' })}
        onHide={(result) => result !== 'accept' && actor.send({ type: 'delete.cancel' })}
      />
      <ConfirmDialog
        {...confirmProps}
        visible={confirmingDiscard}
        message={t('admin.roleMenus.confirmDiscard')}
        accept={() => actor.send({ type: 'discard.confirm' })}
        onHide={(result) => result !== 'accept' && actor.send({ type: 'discard.cancel' })}
      />
    </section>
  );
}
