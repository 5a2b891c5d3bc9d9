/** Pure helpers of the search page, tested in format.unit.test.ts. */

/**
 * The visitor's preferred language among `known` (ISO 639-1 codes), from navigator.languages or an Accept-Language
 * header ('fr-CH, fr;q=0.9, en;q=0.8'): the primary tag of the most preferred entry that is known, or '' for none.
 */
export function pickLanguage(preferences: string | readonly string[], known: ReadonlySet<string>): string {
  const entries = typeof preferences === 'string' ? preferences.split(',') : preferences;
  const ranked = entries
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
      const q = params.find((param) => param.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.split(/[-_]/)[0]!.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0 && known.has(entry.primary))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.primary ?? '';
}
