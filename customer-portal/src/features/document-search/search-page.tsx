import type { SingleCustomerLogoResponse } from '@ifu/contracts/public';
import { useEffect, useState } from 'react';
import { Link } from '../../lib/navigation';
import { useConfig } from '../../config/config-context';
import { paths, type CustomerDocSearchParams } from '../../config/paths';
import { common } from '../../messages/common';
import { searchText as text } from '../../messages/search';
import { checkSearchLink, fetchLogos, type LinkCheck } from './api';
import { NewLinkOffer } from './new-link-offer';

/**
 * The search area's chunk (the form, the results and the country and language lists): fetched once, beside the
 * link check, and from the start of a visit at this address (preloadFirstPage in src/app/router.tsx).
 */
export const loadSearchArea = () => import('./search-area');

type SearchAreaComponent = Awaited<ReturnType<typeof loadSearchArea>>['SearchArea'];

/**
 * A link that cannot be used: why, and the way to a new one. A link the server refused as expired or not valid ("Ask
 * for a new one below") gets the search link form right here; one refused otherwise (its family is no
 * longer published) or that could not be checked leads to the customer page; an incomplete one, to Contact US.
 */
export function LinkProblem({ message, link, refused = false, familyName }: { message: string; link?: CustomerDocSearchParams; refused?: boolean; familyName?: string }) {
  return (
    <article className="page">
      <title>{common.title(text.linkProblemTitle)}</title>
      <meta name="robots" content="noindex" />
      <h1>{text.linkProblemTitle}</h1>
      <p className="notice" role="status" data-testid="link-problem">
        {message}
      </p>
      {link === undefined ? (
        <p>
          <Link to={paths.contactUs.getHref()}>{common.contactUs}</Link>
        </p>
      ) : refused ? (
        <NewLinkOffer link={link} familyName={familyName} />
      ) : (
        <>
          <p>{text.newLinkHint}</p>
          <Link className="button" to={paths.docSearch.getHref(link.customerName)}>
            {text.newLink}
          </Link>
        </>
      )}
    </article>
  );
}

/** /customerDocSearch (spec §2.1): the emailed link is checked first; then the search form and its results. */
export function SearchPage({ link }: { link: CustomerDocSearchParams | null }) {
  const { apiUrl } = useConfig();
  const [check, setCheck] = useState<{ for: CustomerDocSearchParams; result: LinkCheck; logos: SingleCustomerLogoResponse | undefined; Area?: SearchAreaComponent }>();

  useEffect(() => {
    if (link === null) return;
    const controller = new AbortController();
    // The logos and the product notice come with the check, so the page is laid out once (no shift when they arrive).
    Promise.all([checkSearchLink(apiUrl, link, controller.signal), fetchLogos(apiUrl, link, controller.signal).catch(() => undefined), loadSearchArea()]).then(
      ([result, logos, area]) => setCheck({ for: link, result, logos, Area: area.SearchArea }),
      // The area's chunk could not be fetched (the network went, a new release replaced it): say so, do not spin.
      () => setCheck({ for: link, result: { kind: 'failed' }, logos: undefined }),
    );
    return () => controller.abort();
  }, [apiUrl, link]);

  if (link === null) return <LinkProblem message={text.linkIncomplete} />;
  const result = check?.for === link ? check.result : undefined;
  if (result === undefined) {
    return (
      <article className="page" aria-busy="true">
        <title>{common.title(text.pageTitle)}</title>
        <h1>{text.pageTitle}</h1>
        <p role="status">{text.checking}</p>
      </article>
    );
  }
  if (result.kind === 'refused') return <LinkProblem message={result.message} link={link} refused={result.renewable} familyName={check?.logos?.productFamilyName} />;
  if (result.kind === 'failed') return <LinkProblem message={text.linkCheckFailed} link={link} />;
  const Area = check?.Area;
  if (Area === undefined) return <LinkProblem message={text.linkCheckFailed} link={link} />;
  return (
    <>
      {/* A mailed link's address carries the reader's sealed token: an indexed copy would open the customer's search to
          anyone without the mail. An open-access customer's search page is public and may be found. React places the
          element in <head>. */}
      {result.link.emailed !== false && <meta name="robots" content="noindex" />}
      <Area link={link} checked={result.link} logos={check?.logos} />
    </>
  );
}
