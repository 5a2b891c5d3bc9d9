import type { AvailableIn, PublicDocument, SingleCustomerLogoResponse } from '@ifu/contracts/public';
import { useEffect, useState } from 'react';
import { useConfig } from '../../config/config-context';
import type { CustomerDocSearchParams } from '../../config/paths';
import { common } from '../../messages/common';
import { searchText as text } from '../../messages/search';
import { docSearchText } from '../../messages/doc-search';
import { isPortalLanguage, storedLanguage } from '../../messages/locale';
import { rememberCustomer } from '../../lib/last-customer';
import { Notices } from '../../components/notices';
import { fetchCountryCode, fetchDocumentUrl, searchDocuments, type DocumentUrlOutcome, type LinkCheck } from './api';
import { pickLanguage } from './format';
import { isCountryCode, LANGUAGE_CODES } from './lists';
import { NewLinkOffer } from './new-link-offer';
import { openInNewTab } from './open-document';
import { SearchForm, type SearchValues } from './search-form';
import { SearchResults } from './search-results';

// The search area of a valid link: its own chunk, loaded beside the link check (search-page.tsx), because most of
// it is the country and language lists (some 6 kB gzipped), which no other first page needs.

function Logos({ logos, customerName }: { logos: SingleCustomerLogoResponse | undefined; customerName: string }) {
  if (logos === undefined) return null;
  return (
    <div className="logos">
      {logos.logoUrl && <img className="brand__logo" src={logos.logoUrl} alt={text.customerLogo(customerName)} />}
      {logos.productLogoUrl && <img className="brand__logo" src={logos.productLogoUrl} alt={text.productLogo(logos.productFamilyName)} />}
    </div>
  );
}

/** The server's refusal of the link ("Ask for a new one below"), and below it the form that asks for a new one. */
function LinkRefused({ message, ...offer }: { message: string } & Parameters<typeof NewLinkOffer>[0]) {
  return (
    <div className="link-refused">
      <p className="status status--error" role="alert" data-testid="link-refused">
        {message}
      </p>
      <NewLinkOffer {...offer} />
    </div>
  );
}

type Results = { searched: SearchValues; list: PublicDocument[]; message?: string; availableIn?: AvailableIn };

/** The reader's languages, most preferred first: the portal language they picked, then their browser's (at most 5). */
function readerLanguages(): string[] {
  const picked = storedLanguage();
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return [...new Set([...(picked !== null && isPortalLanguage(picked) ? [picked] : []), ...browser.map((tag) => tag.split(/[-_]/)[0]!.toLowerCase())])].slice(0, 5);
}

/** The form's language, preselected: the first of the reader's languages that documents may be in. */
const initialLanguage = () => pickLanguage(readerLanguages(), LANGUAGE_CODES);

/**
 * The search area of a valid link: logos, the notices (global, the customer's and the family's, as on the customer
 * page), and the form or, once a search answered, its results.
 */
export function SearchArea({ link, checked, logos }: { link: CustomerDocSearchParams; checked: Extract<LinkCheck, { kind: 'valid' }>['link']; logos: SingleCustomerLogoResponse | undefined }) {
  const { apiUrl } = useConfig();
  const [values, setValues] = useState<SearchValues>(() => ({ keyword: '', documentNumber: '', language: initialLanguage(), country: '' }));
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string>();
  const [results, setResults] = useState<Results>();
  const [downloading, setDownloading] = useState<string>();
  const [downloadError, setDownloadError] = useState<string>();
  /** The server's word that the link expired or is no longer valid since the page opened: a new link is offered. */
  const [linkRefused, setLinkRefused] = useState<string>();

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

  const search = async (searched: SearchValues) => {
    setSearching(true);
    setError(undefined);
    const outcome = await searchDocuments(apiUrl, {
      ...link,
      // Neither is required: "All" is left out, and the results come in the reader's languages first.
      language: searched.language || undefined,
      country: searched.country || undefined,
      readerLanguages: readerLanguages(),
      // Both are optional: an empty field is left out, not sent as ''.
      keyword: searched.keyword.trim() || undefined,
      documentNumber: searched.documentNumber.trim() || undefined,
    });
    setSearching(false);
    if (outcome.kind === 'found') {
      setDownloadError(undefined);
      setResults({ searched, list: outcome.list, message: outcome.message, availableIn: outcome.availableIn });
    } else if (outcome.kind === 'link-refused') {
      setLinkRefused(outcome.message);
    } else {
      setError(outcome.kind === 'refused' ? outcome.message : text.searchFailed);
    }
  };

  const download = async (document: PublicDocument) => {
    setDownloading(document.childDocumentId);
    setDownloadError(undefined);
    let outcome = { kind: 'failed' } as DocumentUrlOutcome;
    const opened = await openInNewTab(async () => {
      outcome = await fetchDocumentUrl(apiUrl, { docId: document.childDocumentId, encryptedUserEmail: link.encryptedEmail, country: results?.searched.country });
      return outcome.kind === 'found' ? outcome.url : undefined;
    });
    setDownloading(undefined);
    // An expired link is not helped by trying again: the new link form shows instead.
    if (outcome.kind === 'link-refused') setLinkRefused(outcome.message);
    else if (!opened) setDownloadError(text.downloadFailed);
  };

  const familyName = logos?.productFamilyName ?? checked.productFamilyName;
  useEffect(() => rememberCustomer(checked.customerName), [checked.customerName]);
  return (
    <article className="page">
      <title>{common.title(`${familyName} · ${text.pageTitle}`)}</title>
      <Logos logos={logos} customerName={checked.customerName} />
      <div>
        <h1>{familyName}</h1>
        <p className="subtitle">{checked.customerName}</p>
      </div>
      <Notices title={docSearchText.globalNotice} notices={logos?.globalNotices ?? []} />
      <Notices title={docSearchText.customerNotice(checked.customerName)} notices={logos?.customerNotices ?? []} />
      <Notices title={text.productNotice(familyName)} notices={logos?.productNotices ?? []} />
      {results === undefined ? (
        <>
          <SearchForm values={values} onChange={setValues} onSubmit={() => void search(values)} searching={searching} error={error} />
          {linkRefused !== undefined && <LinkRefused message={linkRefused} link={link} familyName={familyName} headingLevel={2} />}
        </>
      ) : (
        <SearchResults
          searched={results.searched}
          list={results.list}
          message={results.message}
          availableIn={results.availableIn}
          onSearchEverywhere={() => {
            const everywhere = { ...results.searched, language: '', country: '' };
            setValues(everywhere);
            void search(everywhere);
          }}
          searching={searching}
          onNewSearch={() => setResults(undefined)}
          onDownload={(document) => void download(document)}
          downloading={downloading}
          downloadError={downloadError}
          linkRefused={linkRefused !== undefined && <LinkRefused message={linkRefused} link={link} familyName={familyName} headingLevel={3} />}
        />
      )}
    </article>
  );
}
