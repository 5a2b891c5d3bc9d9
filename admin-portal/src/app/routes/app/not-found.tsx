import { Page, PlaceholderContent } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

const NotFoundRoute = () => (
  <Page title="Page Not Found">
    <PlaceholderContent>
      This page does not exist. <Link to={paths.app.documents.list.getHref()}>Go to Documents</Link>
    </PlaceholderContent>
  </Page>
);

export default NotFoundRoute;
