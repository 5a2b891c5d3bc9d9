import { Link, useLocation } from '../../lib/navigation';
import { paths } from '../../config/paths';
import { common } from '../../messages/common';
import { otherPagesText as text } from '../../messages/other-pages';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <article className="page">
      <title>{common.title(text.pageNotFound)}</title>
      <h1>{text.pageNotFound}</h1>
      <p>
        {text.noPageAt} <code className="facts__code">{pathname}</code>. {text.noPageHint}
      </p>
      <p>
        {text.stillStuck} <Link to={paths.contactUs.getHref()}>{common.contactUs}</Link> {text.stillStuckEnd}
      </p>
    </article>
  );
}
