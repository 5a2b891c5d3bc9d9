import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

import { dismissNotification, useNotifications } from './notifications-store';

/** Renders the toasts of the notifications store, newest at the bottom. */
export const Notifications = () => {
  const notifications = useNotifications();
  return (
    <>
      {notifications.map((notification, index) => (
        <Snackbar
          key={notification.id}
          open
          autoHideDuration={notification.durationMs}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') dismissNotification(notification.id);
          }}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          sx={{ mt: index * 7 }}
        >
          <Alert
            severity={notification.type}
            variant="filled"
            onClose={() => dismissNotification(notification.id)}
            data-testid="toast"
            sx={{ width: '100%' }}
          >
            {notification.message}
          </Alert>
        </Snackbar>
      ))}
    </>
  );
};
