import { Page, PlaceholderContent } from '@/components/ui/page';

const ManageCustomerRoute = () => (
  <Page title="Manage Customer">
    <PlaceholderContent />
  </Page>
);

export default ManageCustomerRoute;
