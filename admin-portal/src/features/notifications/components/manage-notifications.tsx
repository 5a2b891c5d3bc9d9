import { NOTIFICATION_MESSAGES } from '@ifu/contracts';
import type { Notification } from '@ifu/contracts';
import AddAlertOutlined from '@mui/icons-material/AddAlertOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useSpecGridState } from '@/components/ui/spec-data-grid';
import { paths } from '@/config/paths';
import { TIMINGS } from '@/config/timings';
import { useTimers } from '@/hooks/use-timers';
import { failureMessage } from '@/lib/api-client';

import { useNotificationList } from '../api/get-notifications';

import { DeleteNotificationDialog } from './delete-notification-dialog';
import { pageOfNotifications } from './notification-list';
import { NotificationsTable } from './notifications-table';

/** Manage Notification (spec §2.5): Notification List, Add Notification, edit (after 1 second) and delete. */
export const ManageNotifications = () => {
  const navigate = useNavigate();
  const timers = useTimers();
  const grid = useSpecGridState();
  const notifications = useNotificationList();
  const [deleting, setDeleting] = useState<Notification>();
  const [opening, setOpening] = useState<number>();

  const list = notifications.data?.list;
  const { params, setPagination } = grid;
  const shown = useMemo(() => pageOfNotifications(list ?? [], params), [list, params]);
  // A delete that empties the last page shows the page before it.
  useEffect(() => {
    if (shown.page !== params.page) setPagination({ page: shown.page, pageSize: params.pageSize });
  }, [shown.page, params.page, params.pageSize, setPagination]);

  const onEdit = useCallback(
    (notification: Notification) => {
      setOpening(notification.id);
      // Spec §2.5, §9: the update page opens 1 second after the notice is chosen.
      timers.after(TIMINGS.notificationRedirectMs, () => void navigate(paths.app.notificationUpdate.getHref(notification.id)));
    },
    [navigate, timers],
  );
  const onDelete = useCallback((notification: Notification) => setDeleting(notification), []);
  const closeDelete = useCallback(() => setDeleting(undefined), []);

  return (
    <Page
      title="Notification List"
      actions={
        <Button component={RouterLink} to={paths.app.notificationAdd.getHref()} variant="contained" startIcon={<AddAlertOutlined />}>
          Add Notification
        </Button>
      }
    >
      <Typography role="status" variant="body2" color="textSecondary" sx={{ minHeight: '1.5em', mt: -2, mb: 0.5 }} data-testid="notification-opening">
        {opening === undefined ? '' : `Opening notification ${opening}…`}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {notifications.isError ? (
          <RetryAlert sx={{ m: 2 }} onRetry={() => void notifications.refetch()}>
            {failureMessage(NOTIFICATION_MESSAGES.listFailed, notifications.error)}
          </RetryAlert>
        ) : (
          <NotificationsTable
            rows={shown.rows}
            rowCount={shown.rowCount}
            state={grid}
            loading={notifications.isFetching}
            opening={opening !== undefined}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      </Paper>

      {deleting ? <DeleteNotificationDialog key={deleting.id} notification={deleting} onClose={closeDelete} /> : null}
    </Page>
  );
};
