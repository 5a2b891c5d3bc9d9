import { useParams } from 'react-router-dom';

import { Page, PlaceholderContent } from '@/components/ui/page';

const NotificationUpdateRoute = () => {
  const { id } = useParams();
  return (
    <Page title="Update Notification">
      <PlaceholderContent>Notification {id}: this screen is not available yet.</PlaceholderContent>
    </Page>
  );
};

export default NotificationUpdateRoute;
