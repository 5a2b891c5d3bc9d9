import { Page, PlaceholderContent } from '@/components/ui/page';

const NotificationAddRoute = () => (
  <Page title="Add Notification">
    <PlaceholderContent />
  </Page>
);

export default NotificationAddRoute;
