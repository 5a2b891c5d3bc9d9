import { Page, PlaceholderContent } from '@/components/ui/page';

const ManageNotificationRoute = () => (
  <Page title="Manage Notification">
    <PlaceholderContent />
  </Page>
);

export default ManageNotificationRoute;
