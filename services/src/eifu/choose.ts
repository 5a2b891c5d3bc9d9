import { serialInRanges } from '@ifu/contracts';
import type { LabelDocument } from '@ifu/projections';

/** What the reader asked for: the label's lot and serial, their languages best first, and maybe their country. */
export interface ReaderRequest {
  lot?: string;
  serial?: string;
  /** ISO 639-1 codes, best first (`?lang=` first, then Accept-Language). */
  languages: string[];
  /** ISO 3166-1 code. */
  country?: string;
  /** The country was asked for (`?country=`), not guessed from the browser's language: a miss is then said. */
  countryAsked: boolean;
}

/** Why the reader is shown a choice rather than sent to one leaflet. */
export type ChoiceReason = 'several' | 'lot-not-listed' | 'serial-not-covered' | 'country-not-listed' | 'language-not-available';

export type Resolution = { kind: 'one'; document: LabelDocument } | { kind: 'choose'; reason: ChoiceReason; documents: LabelDocument[] };

const listed = (list: string, code: string) => list.split(',').some((entry) => entry.trim().toLowerCase() === code.toLowerCase());

/** The IFU Number is the lot a leaflet covers; it may list further lots (compared without regard to case). */
export const coversLot = (document: LabelDocument, lot: string) =>
  document.ifuNumber.trim().toLowerCase() === lot.toLowerCase() || listed(document.additionalLots, lot);

/**
 * Chooses the leaflet for a label (GS1 Digital Link resolution): of a device's public leaflets, those of
 * the lot, then of the serial (a leaflet listing serials must list this one; one listing none covers all), then of
 * the country, then of the reader's best language that has one. One left: that one. Otherwise the reader chooses,
 * told why; never a guess between leaflets of different lots, serials or countries.
 */
export function chooseLeaflet(documents: readonly LabelDocument[], request: ReaderRequest): Resolution {
  const all = [...documents];
  const ofLot = request.lot === undefined ? all : all.filter((d) => coversLot(d, request.lot!));
  if (ofLot.length === 0) return { kind: 'choose', reason: 'lot-not-listed', documents: all };

  let ofSerial = ofLot;
  if (request.serial !== undefined) {
    const serial = request.serial;
    const naming = ofLot.filter((d) => d.serialRanges !== '' && serialInRanges(serial, d.serialRanges));
    ofSerial = naming.length > 0 ? naming : ofLot.filter((d) => d.serialRanges === '');
    if (ofSerial.length === 0) return { kind: 'choose', reason: 'serial-not-covered', documents: ofLot };
  }

  let ofCountry = ofSerial;
  if (request.country !== undefined) {
    const inCountry = ofSerial.filter((d) => listed(d.countryList, request.country!));
    if (inCountry.length > 0) ofCountry = inCountry;
    else if (request.countryAsked) return { kind: 'choose', reason: 'country-not-listed', documents: ofSerial };
  }

  for (const language of request.languages) {
    const inLanguage = ofCountry.filter((d) => listed(d.languageList, language));
    if (inLanguage.length === 1) return { kind: 'one', document: inLanguage[0]! };
    if (inLanguage.length > 1) return { kind: 'choose', reason: 'several', documents: inLanguage };
  }
  if (ofCountry.length === 1 && request.languages.length === 0) return { kind: 'one', document: ofCountry[0]! };
  return { kind: 'choose', reason: request.languages.length === 0 ? 'several' : 'language-not-available', documents: ofCountry };
}

const LANGUAGE_TAG = /^([A-Za-z]{2,3})(?:-([A-Za-z0-9]{1,8}))?(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * `de-CH,de;q=0.9,en;q=0.5` → languages ['de', 'en'] (by weight, then order) and the first region named ('CH').
 * Bounded: at most 1,000 characters and 20 entries read; a malformed entry is skipped.
 */
export function parseAcceptLanguage(header: string | undefined): { languages: string[]; region?: string } {
  if (!header) return { languages: [] };
  const entries = header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      const match = LANGUAGE_TAG.exec(tag.trim());
      return match && Number.isFinite(weight) && weight > 0 ? { language: match[1]!.toLowerCase(), region: match[2], weight, index } : undefined;
    })
    .filter((entry) => entry !== undefined)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const region = entries.map((e) => e.region).find((r) => r !== undefined && /^[A-Za-z]{2}$/.test(r));
  return { languages: [...new Set(entries.map((e) => e.language))], ...(region ? { region: region.toUpperCase() } : {}) };
}
