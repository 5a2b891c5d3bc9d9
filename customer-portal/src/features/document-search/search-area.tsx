import type { PublicDocument, SingleCustomerLogoResponse } from '@ifu/contracts/public';
import { useEffect, useState } from 'react';
import { useConfig } from '../../config/config-context';
import type { CustomerDocSearchParams } from '../../config/paths';
import { common } from '../../messages/common';
import { searchText as text } from '../../messages/search';
import { fetchCountryCode, fetchDocumentUrl, searchDocuments, type LinkCheck } from './api';
import { pickLanguage } from './format';
import { isCountryCode, LANGUAGE_CODES } from './lists';
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

type Results = { searched: SearchValues; list: PublicDocument[]; message?: string };

const initialLanguage = () => pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language], LANGUAGE_CODES);

/** The search area of a valid link: logos, product notice, and the form or, once a search answered, its results. */
export function SearchArea({ link, checked, logos }: { link: CustomerDocSearchParams; checked: Extract<LinkCheck, { kind: 'valid' }>['link']; logos: SingleCustomerLogoResponse | undefined }) {
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
