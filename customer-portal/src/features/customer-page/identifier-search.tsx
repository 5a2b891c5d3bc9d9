import type { IdentifierHit } from '@ifu/contracts/public';
import { type FormEvent, use, useEffect, useState } from 'react';
import { useConfig } from '../../config/config-context';
import { LanguageContext } from '../../components/language-switcher';
import { formatDate } from '../../lib/format-date';
import { docSearchText as text } from '../../messages/doc-search';
import { LANGUAGE_PARAM, type PortalLanguage } from '../../messages/locale';
import { fetchCountryCode } from '../../lib/geolocation';
import { searchByIdentifier } from './identifier-search-api';

/** The server's refusals (English, naming the field) in the reader's language; any other is shown as it came. */
function refusalIn(message: string): string {
  const known: [string, () => string][] = [
    ['identifier is required', () => text.boxRequired],
    ['identifier must be at most', () => text.boxCharacters],
    ['identifier must be a GTIN', () => text.boxCharacters],
    ['identifier must hold at most', () => text.boxTooMany],
    ['GS1 element string', () => text.boxElementString],
    ['GTIN check digit', () => text.gtinCheckDigit],
    ['GTIN must be 8, 12, 13 or 14 digits', () => text.gtinDigits],
  ];
  return known.find(([english]) => message.includes(english))?.[1]() ?? message;
}

/** Codes as the reader's language names them ('de,fr' → 'Deutsch, Französisch'); a code it does not know, as it is. */
function namesIn(language: PortalLanguage, kind: 'language' | 'region', list: string): string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: kind });
  } catch {
    names = undefined;
  }
  return list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => {
      try {
        return names?.of(kind === 'region' ? code.toUpperCase() : code.toLowerCase()) ?? code;
      } catch {
        return code;
      }
    })
    .join(', ');
}

/** The eIFU page of a document in the portal's language (the page reads `?lang=`). */
const pageIn = (pageUrl: string, language: PortalLanguage) => `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;

function Hit({ hit, language }: { hit: IdentifierHit; language: PortalLanguage }) {
  // [label, value, a code (shown as printed on the box)]
  const rows: [string, string, boolean][] = [
    [text.boxPart, hit.partNumber, true],
    [text.boxLot, hit.additionalLots ? `${hit.lot}, ${hit.additionalLots.replaceAll(',', ', ')}` : hit.lot, true],
    ...(hit.gtin ? [[text.boxGtin, hit.gtin, true] as [string, string, boolean]] : []),
    [text.boxLanguages, namesIn(language, 'language', hit.languageList), false],
    [text.boxEffective, formatDate(hit.effectiveDate), false],
  ];
  return (
    <li className="result-card">
      <h3 className="result-card__title">
        {hit.productFamilyName} <span className="code">{hit.documentNumber}</span>
        {hit.exact && <span className="tag">{text.boxExact}</span>}
      </h3>
      <dl>
        {rows.map(([label, value, code]) => (
          <div className="result-card__row" key={label}>
            <dt>{label}</dt>
            <dd className={code ? 'code' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <a href={pageIn(hit.pageUrl, language)}>
        {text.boxPage}
        <span className="visually-hidden">: {hit.documentNumber}</span>
      </a>
    </li>
  );
}

type State = { kind: 'idle' } | { kind: 'searching' } | { kind: 'found'; list: IdentifierHit[] } | { kind: 'error'; message: string };

/**
 * The search by what is on the box on a customer's page, before a family is chosen: a GTIN / UDI-DI, part number
 * (REF), document number or lot, in the reader's country (guessed from their address; they may widen it). Each
 * document found leads to its eIFU page, which holds every version and says how to open the PDF.
 */
export function IdentifierSearch({ customerName }: { customerName: string }) {
  const { apiUrl } = useConfig();
  const language = use(LanguageContext);
  const [identifier, setIdentifier] = useState('');
  const [country, setCountry] = useState<string>();
  const [onlyCountry, setOnlyCountry] = useState(true);
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    // Only a suggestion: a failed or unknown lookup searches every country.
    fetchCountryCode(apiUrl, controller.signal).then(
      (code) => setCountry(code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : undefined),
      () => undefined,
    );
    return () => controller.abort();
  }, [apiUrl]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'searching') return;
    setState({ kind: 'searching' });
    const outcome = await searchByIdentifier(apiUrl, {
      customerName,
      identifier,
      ...(country && onlyCountry ? { country } : {}),
      readerLanguages: [language, ...(navigator.languages ?? [])].slice(0, 5),
    });
    if (outcome.kind === 'found') setState({ kind: 'found', list: outcome.list });
    else setState({ kind: 'error', message: outcome.kind === 'refused' ? refusalIn(outcome.message) : text.boxFailed });
  };

  const countryName = country ? namesIn(language, 'region', country) : '';
  return (
    <section className="box-search" aria-labelledby="box-search-title" data-testid="box-search">
      <form className="form" noValidate onSubmit={(event) => void submit(event)} role="search" aria-labelledby="box-search-title">
        <h2 id="box-search-title">{text.boxTitle}</h2>
        <p id="box-search-hint">{text.boxHint}</p>
        <div className="field">
          <label htmlFor="box-search-code">{text.boxLabel}</label>
          <input
            id="box-search-code"
            name="identifier"
            type="search"
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            aria-describedby={state.kind === 'error' ? 'box-search-hint box-search-error' : 'box-search-hint'}
            aria-invalid={state.kind === 'error' ? true : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        {/* The row is there before the country is known (the lookup answers after the first paint): the families
            below do not move when it arrives. */}
        <div className="check" data-testid="box-search-country-row">
          {country && (
            <>
              <input id="box-search-country" type="checkbox" checked={onlyCountry} onChange={(event) => setOnlyCountry(event.target.checked)} />
              <label htmlFor="box-search-country">{text.boxOnlyCountry(countryName)}</label>
            </>
          )}
        </div>
        {state.kind === 'error' && (
          <p className="status status--error" role="alert" id="box-search-error">
            {state.message}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={state.kind === 'searching'}>
            {state.kind === 'searching' ? text.boxSearching : text.boxSubmit}
          </button>
        </div>
      </form>
      <p className="status" role="status" data-testid="box-search-status">
        {state.kind === 'found' ? (state.list.length === 0 ? text.boxNone : text.boxFound(state.list.length)) : ''}
      </p>
      {state.kind === 'found' && state.list.length > 0 && (
        <ul className="box-results" data-testid="box-results">
          {state.list.map((hit) => (
            <Hit key={hit.childDocumentId} hit={hit} language={language} />
          ))}
        </ul>
      )}
    </section>
  );
}
