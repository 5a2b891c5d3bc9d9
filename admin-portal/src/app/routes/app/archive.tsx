import { Page, PlaceholderContent } from '@/components/ui/page';

const ArchiveRoute = () => (
  <Page title="Archive">
    <PlaceholderContent />
  </Page>
);

export default ArchiveRoute;
