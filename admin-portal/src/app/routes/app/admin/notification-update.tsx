import { useParams } from 'react-router-dom';

import { NotificationFormPage } from '@/features/notifications/components/notification-form-page';

/** /notification/update/:id — keyed by the id, so that moving from one notice to another starts a fresh form. */
const NotificationUpdateRoute = () => {
  const { id = '' } = useParams();
  return <NotificationFormPage key={id} id={id} />;
};

export default NotificationUpdateRoute;
