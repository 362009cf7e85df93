import '../styles/kit.css';
import '../styles/servers.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '../../domain/format';
import type { PortalServerRow } from '../../domain/servers';
import { serversMachine } from '../../machines/admin/servers.machine';
import { useT } from '../app-context';
import { useNoticeToasts } from '../kit/use-notice-toasts';
import type { PageProps } from './page-view';

type T = ReturnType<typeof useT>;

/**
 * Servers that cannot see this one's files: every upload or download the balancer sends to them
 * fails, so the page says so first, with the settings that fix it.
 */
function NotSharingWarning({ count, t }: { count: number; t: T }) {
  return (
    <div className="portal-servers-warning" role="alert" data-testid="servers-warning">
      <strong>{t('servers.warning.title')}</strong>
      <p>
        {count === 1 ? t('servers.warning.countOne') : t('servers.warning.countMany', { count })}{' '}
        {t('servers.warning.effect')}
      </p>
      <p>{t('servers.warning.fix')}</p>
    </div>
  );
}

/** Who runs beside this server when every one of them shares its files. */
function SharingLine({ count, t }: { count: number; t: T }) {
  return (
    <p className="portal-servers-good" role="status" data-testid="servers-sharing">
      {count === 1 ? t('servers.alone') : t('servers.sharing', { count })}
    </p>
  );
}

/**
 * System › Servers (docs/deployment.md): the portal servers of this database by their heartbeats,
 * this one marked, and whether each sees this server's files.
 */
export default function ServersPage({ page }: PageProps) {
  const t = useT();
  const actor = useActorRef(serversMachine);
  const servers = useSelector(actor, (s) => s.context.servers);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loaded = useSelector(actor, (s) => s.matches('ready') || s.matches('refreshing'));
  useNoticeToasts(actor);
  const notSharing = servers.filter((server) => !server.SharesFiles).length;

  const instance = (row: PortalServerRow) => (
    <>
      {row.Instance}
      {row.Self && <Tag className="portal-servers-self" severity="info" value={t('servers.self')} />}
    </>
  );
  const shares = (row: PortalServerRow) =>
    row.SharesFiles ? (
      <span className="portal-servers-good">{t('servers.shares.yes')}</span>
    ) : (
      <span className="portal-servers-bad">{t('servers.shares.no')}</span>
    );

  return (
    <section className="portal-page portal-servers-page" aria-label={t(page.titleKey)}>
      <div className="portal-toolbar">
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          label={t('app.kit.toolbar.refresh')}
          loading={busy}
          disabled={busy}
          onClick={() => actor.send({ type: 'servers.reload' })}
        />
      </div>
      {failure && <p className="portal-servers-bad">{t(failure) || failure}</p>}
      {loaded && notSharing > 0 && <NotSharingWarning count={notSharing} t={t} />}
      {loaded && notSharing === 0 && servers.length > 0 && <SharingLine count={servers.length} t={t} />}
      {!failure && (
        <DataTable
          className="portal-grid"
          value={servers}
          dataKey="Instance"
          size="small"
          stripedRows
          scrollable
          loading={busy && servers.length === 0}
          emptyMessage={loaded ? t('servers.empty') : ' '}
        >
          <Column header={t('servers.columns.instance')} body={instance} />
          <Column header={t('servers.columns.host')} field="Host" />
          <Column
            header={t('servers.columns.pid')}
            body={(row: PortalServerRow) => <span className="portal-number">{row.Pid}</span>}
          />
          <Column
            header={t('servers.columns.startedOn')}
            body={(row: PortalServerRow) => formatDateTime(row.StartedOn)}
          />
          <Column
            header={t('servers.columns.seenOn')}
            body={(row: PortalServerRow) => formatDateTime(row.SeenOn)}
          />
          <Column
            header={t('servers.columns.fileStore')}
            body={(row: PortalServerRow) => t(`servers.fileStore.${row.FileStore}`)}
          />
          <Column
            header={t('servers.columns.status')}
            body={(row: PortalServerRow) =>
              t(row.Draining ? 'servers.status.draining' : 'servers.status.running')
            }
          />
          <Column header={t('servers.columns.sharesFiles')} body={shares} />
        </DataTable>
      )}
    </section>
  );
}
