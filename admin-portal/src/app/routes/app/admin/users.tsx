import { Page, PlaceholderContent } from '@/components/ui/page';

const ManageUserRoute = () => (
  <Page title="Manage User">
    <PlaceholderContent />
  </Page>
);

export default ManageUserRoute;
