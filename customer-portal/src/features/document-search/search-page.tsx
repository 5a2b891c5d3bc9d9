import type { PublicDocument, SingleCustomerLogoResponse } from '@ifu/contracts/public';
import { useEffect, useState } from 'react';
import { Link } from '../../app/navigation';
import { useConfig } from '../../config/config-context';
import { paths, type CustomerDocSearchParams } from '../../config/paths';
import { common } from '../../messages/common';
import { searchText as text } from '../../messages/search';
import { checkSearchLink, fetchCountryCode, fetchDocumentUrl, fetchLogos, searchDocuments, type LinkCheck } from './api';
import { pickLanguage } from './format';
import { isCountryCode, LANGUAGE_CODES } from './lists';
import { openInNewTab } from './open-document';
import { SearchForm, type SearchValues } from './search-form';
import { SearchResults } from './search-results';

/** A link that cannot be used: why, and the way to a new one (the customer page, where the visitor asks again). */
export function LinkProblem({ message, customerName }: { message: string; customerName?: string }) {
  return (
    <article className="page">
      <title>{common.title(text.linkProblemTitle)}</title>
      <h1>{text.linkProblemTitle}</h1>
      <p className="notice" role="status" data-testid="link-problem">
        {message}
      </p>
      {customerName ? (
        <>
          <p>{text.newLinkHint}</p>
          <Link className="button" to={paths.docSearch.getHref(customerName)}>
            {text.newLink}
          </Link>
        </>
      ) : (
        <p>
          <Link to={paths.contactUs.getHref()}>{common.contactUs}</Link>
        </p>
      )}
    </article>
  );
}

function Logos({ logos, customerName }: { logos: SingleCustomerLogoResponse | undefined; customerName: string }) {
  if (logos === undefined) return null;
  return (
    <div className="logos">
      {logos.logoUrl && <img className="brand__logo" src={logos.logoUrl} alt={text.customerLogo(customerName)} />}
      {logos.productLogoUrl && <img className="brand__logo" src={logos.productLogoUrl} alt={text.productLogo(logos.productFamilyName)} />}
    </div>
  );
}

type Results = { searched: SearchValues; list: PublicDocument[]; message?: string };

const initialLanguage = () => pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language], LANGUAGE_CODES);

/** The search area of a valid link: logos, product notice, and the form or, once a search answered, its results. */
function SearchArea({ link, checked, logos }: { link: CustomerDocSearchParams; checked: Extract<LinkCheck, { kind: 'valid' }>['link']; logos: SingleCustomerLogoResponse | undefined }) {
  const { apiUrl } = useConfig();
  const [values, setValues] = useState<SearchValues>(() => ({ keyword: '', documentNumber: '', language: initialLanguage(), country: '' }));
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string>();
  const [results, setResults] = useState<Results>();
  const [downloading, setDownloading] = useState<string>();
  const [downloadError, setDownloadError] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    // The country is only a suggestion: a failed or unknown lookup leaves the field as it is (spec §7.5).
    fetchCountryCode(apiUrl, controller.signal).then(
      (code) => {
        if (code !== undefined && isCountryCode(code)) setValues((current) => (current.country === '' ? { ...current, country: code.toUpperCase() } : current));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [apiUrl, link]);

  const search = async () => {
    setSearching(true);
    setError(undefined);
    const searched = values;
    const outcome = await searchDocuments(apiUrl, {
      ...link,
      language: searched.language,
      country: searched.country,
      // Both are optional: an empty field is left out, not sent as ''.
      keyword: searched.keyword.trim() || undefined,
      documentNumber: searched.documentNumber.trim() || undefined,
    });
    setSearching(false);
    if (outcome.kind === 'found') {
      setDownloadError(undefined);
      setResults({ searched, list: outcome.list, message: outcome.message });
    } else {
      setError(outcome.kind === 'refused' ? outcome.message : text.searchFailed);
    }
  };

  const download = async (document: PublicDocument) => {
    setDownloading(document.childDocumentId);
    setDownloadError(undefined);
    const opened = await openInNewTab(() =>
      fetchDocumentUrl(apiUrl, { docId: document.childDocumentId, encryptedUserEmail: link.encryptedEmail, country: results?.searched.country }),
    );
    setDownloading(undefined);
    if (!opened) setDownloadError(text.downloadFailed);
  };

  const familyName = logos?.productFamilyName ?? checked.productFamilyName;
  return (
    <article className="page">
      <title>{common.title(`${familyName} · ${text.pageTitle}`)}</title>
      <Logos logos={logos} customerName={checked.customerName} />
      <div>
        <h1>{familyName}</h1>
        <p className="subtitle">{checked.customerName}</p>
      </div>
      {logos?.productNotification.trim() && (
        <section className="notice" aria-label={text.productNotice}>
          <h2 className="notice__title">{text.productNotice}</h2>
          <p className="notice__text">{logos.productNotification}</p>
        </section>
      )}
      {results === undefined ? (
        <SearchForm values={values} onChange={setValues} onSubmit={() => void search()} searching={searching} error={error} />
      ) : (
        <SearchResults
          searched={results.searched}
          list={results.list}
          message={results.message}
          onNewSearch={() => setResults(undefined)}
          onDownload={(document) => void download(document)}
          downloading={downloading}
          downloadError={downloadError}
        />
      )}
    </article>
  );
}

/** /customerDocSearch (spec §2.1): the emailed link is checked first; then the search form and its results. */
export function SearchPage({ link }: { link: CustomerDocSearchParams | null }) {
  const { apiUrl } = useConfig();
  const [check, setCheck] = useState<{ for: CustomerDocSearchParams; result: LinkCheck; logos: SingleCustomerLogoResponse | undefined }>();

  useEffect(() => {
    if (link === null) return;
    const controller = new AbortController();
    // The logos and the product notice come with the check, so the page is laid out once (no shift when they arrive).
    Promise.all([checkSearchLink(apiUrl, link, controller.signal), fetchLogos(apiUrl, link, controller.signal).catch(() => undefined)]).then(
      ([result, logos]) => setCheck({ for: link, result, logos }),
      () => undefined,
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
  if (result.kind === 'refused') return <LinkProblem message={result.message} customerName={link.customerName} />;
  if (result.kind === 'failed') return <LinkProblem message={text.linkCheckFailed} customerName={link.customerName} />;
  return <SearchArea link={link} checked={result.link} logos={check?.logos} />;
}
