import { Page, PlaceholderContent } from '@/components/ui/page';

const ChangePasswordRoute = () => (
  <Page title="Change Password">
    <PlaceholderContent />
  </Page>
);

export default ChangePasswordRoute;
