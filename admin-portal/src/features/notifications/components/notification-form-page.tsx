import { NOTIFICATION_MESSAGES } from '@ifu/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';

import { useNotificationList } from '../api/get-notifications';

import { NotificationForm } from './notification-form';
import { parseNotificationId } from './notification-form-values';

/** The back arrow to /managenotification (spec §2.5). */
const BackLink = () => (
  <Button component={RouterLink} to={paths.app.notifications.getHref()} startIcon={<ArrowBack />} variant="outlined" aria-label="Back to Notification List">
    Back
  </Button>
);

/** The notice to edit, found in the list (the API has no single-notice call). */
const EditNotification = ({ routeId }: { routeId: string }) => {
  const notifications = useNotificationList();
  const id = parseNotificationId(routeId);
  if (notifications.isError) {
    return (
      <RetryAlert onRetry={() => void notifications.refetch()}>
        {failureMessage(NOTIFICATION_MESSAGES.listFailed, notifications.error)}
      </RetryAlert>
    );
  }
  if (notifications.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy="true" aria-label="Loading notification">
        <Stack spacing={2.5}>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={index === 2 ? 120 : 56} />
          ))}
        </Stack>
      </Paper>
    );
  }
  const notification = id === undefined ? undefined : notifications.data.list.find((notice) => notice.id === id);
  if (!notification) {
    return (
      <Alert severity="warning" role="alert" data-testid="notification-not-found">
        Notification {routeId} was not found: it may have been deleted. Go back to the Notification List.
      </Alert>
    );
  }
  // Keyed by the notice, so the form starts from what is stored; not by its version: the list refreshes after the
  // update, and the form must stay (with its redirect) until it goes back to the list.
  return <NotificationForm key={notification.id} notification={notification} />;
};

/** /notification/add adds a notice, /notification/update/:id edits one (spec §2.2, §2.5). */
export const NotificationFormPage = ({ id }: { id?: string }) => (
  <Page title={id === undefined ? 'Add Notification' : 'Update Notification'} actions={<BackLink />}>
    {id === undefined ? <NotificationForm /> : <EditNotification routeId={id} />}
  </Page>
);
