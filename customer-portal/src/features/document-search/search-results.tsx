import type { AvailableIn, PublicDocument } from '@ifu/contracts/public';
import { use, useEffect, useRef, type ReactNode } from 'react';
import { LanguageContext } from '../../components/language-switcher';
import { Link } from '../../lib/navigation';
import { paths } from '../../config/paths';
import { searchText as text } from '../../messages/search';
import { formatDate } from '../../lib/format-date';
import { namesOf } from './lists';
import type { SearchValues } from './search-form';

/** The spec's text the server answers an empty search with. */
const englishNoData = 'No Data Found';

type Props = {
  searched: SearchValues;
  list: readonly PublicDocument[];
  /** The server's message for an empty list ('No Data Found'). */
  message?: string;
  /** When nothing was found in the chosen language or country: where the same search does find documents. */
  availableIn?: AvailableIn;
  /** The same search again, in every language and country. */
  onSearchEverywhere: () => void;
  searching: boolean;
  onNewSearch: () => void;
  onDownload: (document: PublicDocument) => void;
  /** The document whose link is being asked for. */
  downloading?: string;
  downloadError?: string;
  /** Shown where a download's error shows: the link expired since the page opened, and a new one can be asked for. */
  linkRefused?: ReactNode;
};

function DownloadButton({ document, onDownload, busy }: { document: PublicDocument; onDownload: Props['onDownload']; busy: boolean }) {
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={text.downloadLabel(document.documentNumber, document.docName)}
      disabled={busy}
      onClick={() => onDownload(document)}
    >
      {text.download}
    </button>
  );
}

/** A document's revision: its document number, and the day it took effect (dd/MM/yyyy). */
function Revision({ document }: { document: PublicDocument }) {
  return (
    <>
      <span className="code">{document.documentNumber}</span>, {text.effective(formatDate(document.effectiveDate))}
    </>
  );
}

/** A list of language or country codes by their names in the portal's language. */
function Names({ kind, codes }: { kind: 'country' | 'language'; codes: string }) {
  return namesOf(kind, codes, use(LanguageContext));
}

/** Nothing in the chosen language or country: where the same search does find documents, and a button to show them. */
function AvailableElsewhere({ availableIn, onSearchEverywhere, searching }: { availableIn: AvailableIn; onSearchEverywhere: () => void; searching: boolean }) {
  const language = use(LanguageContext);
  return (
    <div className="notice" data-testid="available-elsewhere">
      <p>{text.availableElsewhere}</p>
      <ul>
        {availableIn.languages.length > 0 && <li>{text.availableLanguages(namesOf('language', availableIn.languages.join(','), language))}</li>}
        {availableIn.countries.length > 0 && <li>{text.availableCountries(namesOf('country', availableIn.countries.join(','), language))}</li>}
      </ul>
      <button type="button" className="button button--secondary" onClick={onSearchEverywhere} disabled={searching}>
        {searching ? text.searching : text.searchEverywhere}
      </button>
    </div>
  );
}

/**
 * The facts of a document after its title, in the order the table's columns and a card's rows show them. Each label
 * is read as the results render (the reader may switch the language), not when this module loads.
 */
const FACTS: [label: () => string, value: (document: PublicDocument) => ReactNode][] = [
  [() => text.colPartNumber, (document) => <span className="code">{document.productSubFamilyNameOne}</span>],
  [() => text.colGtin, (document) => (document.gtin ? <span className="code">{document.gtin}</span> : '')],
  [() => text.colReference, (document) => <span className="code">{document.associatedReferenceNumber}</span>],
  [() => text.colRevision, (document) => <Revision document={document} />],
  [() => text.colDescription, (document) => document.description],
  [() => text.colLanguages, (document) => <Names kind="language" codes={document.languageList} />],
  [() => text.colCountries, (document) => <Names kind="country" codes={document.countryList} />],
];

/** EU 2021/2226: a paper copy of the document, on its own page. */
function PaperCopyLink({ document }: { document: PublicDocument }) {
  return (
    <Link to={paths.paperCopy.getHref(document.documentNumber)} className="result-card__paper" aria-label={text.paperCopyLabel(document.documentNumber)}>
      {text.paperCopy}
    </Link>
  );
}

/** The document's eIFU page: every version with its dates and what changed, in the portal's language. */
function VersionsLink({ document }: { document: PublicDocument }) {
  const language = use(LanguageContext);
  return (
    <a href={`/p/${encodeURIComponent(document.documentNumber)}?lang=${language}`} className="result-card__paper" aria-label={text.allVersionsLabel(document.documentNumber)}>
      {text.allVersions}
    </a>
  );
}

/**
 * The results that replace the form (spec §2.1, §4): what was searched, then the documents: a table on wide screens,
 * one card per document on phones (CSS shows one of the two; the hidden one is out of the accessibility tree too).
 * Each document shows its title (the product family), part number, lot or IFU number and revision (the
 * description alone does not tell one leaflet from another).
 */
export function SearchResults({ searched, list, message, availableIn, onSearchEverywhere, searching, onNewSearch, onDownload, downloading, downloadError, linkRefused }: Props) {
  const inLanguage = use(LanguageContext);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form was replaced: move focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  const language = namesOf('language', searched.language, inLanguage) || text.any;
  const country = namesOf('country', searched.country, inLanguage) || text.any;
  const columns = [text.colTitle, ...FACTS.map(([label]) => label())];
  return (
    <section className="results" aria-labelledby="results-title" data-testid="search-results">
      <h2 id="results-title" ref={headingRef} tabIndex={-1}>
        {text.resultsTitle}
      </h2>
      <h3 className="visually-hidden">{text.searchedFor}</h3>
      <dl className="facts facts--compact">
        {(
          [
            [text.keyword, searched.keyword.trim() || text.any],
            [text.language, language],
            [text.country, country],
            [text.documentNumber, searched.documentNumber.trim() || text.any],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="actions actions--start">
        <button type="button" className="button button--secondary" onClick={onNewSearch}>
          {text.newSearch}
        </button>
      </div>
      {list.length === 0 ? (
        <>
          <p className="notice" role="status" data-testid="search-no-data">
            {/* The server's 'No Data Found' is the English catalogue's text: the reader's language says it. */}
            {message === undefined || message === englishNoData ? text.noData : message}
          </p>
          {availableIn && <AvailableElsewhere availableIn={availableIn} onSearchEverywhere={onSearchEverywhere} searching={searching} />}
        </>
      ) : (
        <>
          <p role="status">{text.resultCount(list.length)}</p>
          {downloadError && (
            <p className="status status--error" role="alert">
              {downloadError}
            </p>
          )}
          {linkRefused}
          <div className="results__table-wrap">
            <table className="results__table">
              <caption className="visually-hidden">{text.resultsTitle}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                  <th scope="col">{text.colDownload}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((document) => (
                  <tr key={document.childDocumentId} data-testid="result-row">
                    <th scope="row">{document.productFamilyName}</th>
                    {FACTS.map(([, value], index) => (
                      <td key={index}>{value(document)}</td>
                    ))}
                    <td>
                      <DownloadButton document={document} onDownload={onDownload} busy={downloading === document.childDocumentId} />
                      <PaperCopyLink document={document} /> <VersionsLink document={document} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="results__cards">
            {list.map((document) => (
              <li key={document.childDocumentId} className="result-card" data-testid="result-card">
                <h3 className="result-card__title">{document.productFamilyName}</h3>
                <dl>
                  {FACTS.map(([label, value], index) => (
                    <div key={index} className="result-card__row">
                      <dt>{label()}</dt>
                      <dd>{value(document)}</dd>
                    </div>
                  ))}
                </dl>
                <DownloadButton document={document} onDownload={onDownload} busy={downloading === document.childDocumentId} />
                <PaperCopyLink document={document} /> <VersionsLink document={document} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
