import { use, type FormEvent } from 'react';
import { LanguageContext } from '../../components/language-switcher';
import { searchText as text } from '../../messages/search';
import { listsIn } from './lists';

export type SearchValues = { keyword: string; documentNumber: string; language: string; country: string };

type Props = {
  values: SearchValues;
  onChange: (values: SearchValues) => void;
  onSubmit: () => void;
  searching: boolean;
  /** The server's refusal (a 400 naming a field) or a failure, shown under the form. */
  error?: string;
};

/**
 * The search form (spec §2.1): Search field (keyword), Document Number, Language, Country and Submit. Language and
 * country come preselected (the reader's language, the country guessed from their address) and may be left at
 * "All". The lists name each language and country in the portal's language.
 */
export function SearchForm({ values, onChange, onSubmit, searching, error }: Props) {
  const { languages, countries } = listsIn(use(LanguageContext));
  const set = (key: keyof SearchValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!searching) onSubmit();
  };
  return (
    <form className="form search-form" noValidate onSubmit={submit} aria-labelledby="search-form-title" data-testid="search-form">
      <h2 id="search-form-title">{text.formTitle}</h2>
      <div className="form__grid">
        <div className="field">
          <label htmlFor="search-keyword">{text.keyword}</label>
          <input id="search-keyword" name="keyword" type="search" value={values.keyword} onChange={set('keyword')} />
        </div>
        <div className="field">
          <label htmlFor="search-document-number">{text.documentNumber}</label>
          <input id="search-document-number" name="documentNumber" value={values.documentNumber} onChange={set('documentNumber')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="search-language">{text.language}</label>
          <select id="search-language" name="language" value={values.language} onChange={set('language')}>
            <option value="">{text.allLanguages}</option>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="search-country">{text.country}</label>
          <select id="search-country" name="country" value={values.country} onChange={set('country')}>
            <option value="">{text.allCountries}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={searching}>
          {searching ? text.searching : text.submit}
        </button>
      </div>
    </form>
  );
}
