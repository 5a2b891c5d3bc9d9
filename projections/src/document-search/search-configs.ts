/**
 * The text search configuration for each language PostgreSQL 15 can stem (ISO 639-1 code → `ifu_<name>`, created by
 * this read model's migration with unaccent before the stemmer). Languages without a stemmer are searched as
 * `ifu_simple`: their words match as written, accents ignored.
 */
const STEMMED: Record<string, string> = {
  ar: 'arabic',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};

export const SIMPLE_CONFIG = 'ifu_simple';

/** Every configuration the migration creates: the only names ever spliced into a query. */
export const SEARCH_CONFIGS: ReadonlySet<string> = new Set([SIMPLE_CONFIG, ...Object.values(STEMMED).map((name) => `ifu_${name}`)]);

/** A document is indexed in at most this many languages' stemmers (each one adds a copy of its text to the index). */
const MAX_CONFIGS = 4;

/** The configurations a document with these comma-separated language codes is indexed in. */
export function configsForLanguages(languageList: string): string[] {
  const configs = [
    ...new Set(
      languageList
        .split(',')
        .map((code) => STEMMED[code.trim().toLowerCase()])
        .filter((name): name is string => name !== undefined)
        .map((name) => `ifu_${name}`),
    ),
  ].slice(0, MAX_CONFIGS);
  return configs.length > 0 ? configs : [SIMPLE_CONFIG];
}

/** How much of a PDF's text is indexed (a tsvector holds at most 1 MB); the rest is still stored and shown. */
export const INDEXED_TEXT_CHARS = 200_000;
