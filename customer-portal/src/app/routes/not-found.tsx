import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <article className="page">
      <title>Page not found | IFU Portal</title>
      <h1>Page not found</h1>
      <p>
        There is no page at <code className="facts__code">{pathname}</code>. If you followed a link from an email,
        check that it was copied completely, or open it again from the email.
      </p>
      <p>
        Still stuck? <Link to={paths.contactUs.getHref()}>Contact US</Link> and we will help you find your documents.
      </p>
    </article>
  );
}
