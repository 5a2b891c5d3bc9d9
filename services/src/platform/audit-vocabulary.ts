import { type AuditRecordKind, COUNTRIES, LANGUAGES, recordField, toDayMonthYear } from '@ifu/contracts';
import type { RecordedEvent } from '@ifu/storage/event-store/event-store';
import type { DomainEvent } from './command-pipeline';

/** How one event reads in the audit report. */
export interface AuditLine {
  /** What happened, in words a reviewer understands. */
  action: string;
  /** The subject's name when the event itself carries it (the report looks users up otherwise). */
  subjectName?: string;
  /** The human-written part: a rejection reason, the signer's comments. */
  reason?: string;
}

/** The records an event may name by id, which the audit trail shows by their names instead. */
export type NamedRecord = 'user' | 'customer' | 'changeOrder';

/**
 * How a reader reads what an event holds: the names of the records it names by id, its dates, and a record's fields
 * by the labels the screens give them. The audit report writes days as the spec audits them (DD-MMM-YYYY); the Audit
 * Trail Review's screen as every screen shows them (dd/MM/yyyy).
 */
export interface AuditWords {
  /** The name of the record of `kind` whose id is `id`, as the log named it when the event was recorded; the id when it named none. */
  name(kind: NamedRecord, id: string): string;
  /** A calendar day (`YYYY-MM-DD`); any other text as it is. */
  day(isoDay: string): string;
  /** An instant (ISO 8601), in UTC; any other text as it is. */
  time(iso: string): string;
  /** A field of a record of `kind`, as the screens label it (`productSubFamilyNameOne`: Part Number). */
  label(kind: AuditRecordKind, field: string): string;
  /** A value of that field as it reads: a name for an id, a date, country names for codes, Online or Offline... */
  value(kind: AuditRecordKind, field: string, value: string): string;
}

/** How dates read: as the audit report writes them (the spec's DD-MMM-YYYY), or as every screen shows them (dd/MM/yyyy). */
export type DateStyle = 'audit' | 'screen';

const pad = (n: number) => String(n).padStart(2, '0');
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const LANGUAGE_NAMES: ReadonlyMap<string, string> = new Map(LANGUAGES.map((language) => [language.code, language.name]));
const codeNames = (list: string, names: ReadonlyMap<string, string>, normalize: (code: string) => string) =>
  list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => names.get(normalize(code)) ?? code)
    .join(', ');

/** The words of a reader who reads dates in `style` and looks names up with `nameOf` (undefined: the log named none). */
export function auditWords(style: DateStyle, nameOf: (kind: NamedRecord, id: string) => string | undefined): AuditWords {
  const day = (isoDay: string) => {
    if (!ISO_DAY.test(isoDay)) return isoDay;
    if (style === 'audit') return toDayMonthYear(isoDay);
    const [year, month, date] = isoDay.split('-');
    return `${date}/${month}/${year}`;
  };
  const time = (iso: string) => {
    const at = new Date(iso);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(at.getTime())) return iso;
    const clock = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
    return `${day(at.toISOString().slice(0, 10))} ${clock}`;
  };
  const name = (kind: NamedRecord, id: string) => (id ? (nameOf(kind, id) ?? id) : id);
  return {
    name,
    day,
    time,
    label: (kind, field) => recordField(kind, field).label,
    value: (kind, field, value) => {
      if (value === '') return value;
      switch (recordField(kind, field).value) {
        case 'user':
        case 'customer':
        case 'changeOrder':
          return name(recordField(kind, field).value as NamedRecord, value);
        case 'day':
          return day(value);
        case 'time':
          return time(value);
        case 'countries':
          return codeNames(value, COUNTRY_NAMES, (code) => code.toUpperCase());
        case 'languages':
          return codeNames(value, LANGUAGE_NAMES, (code) => code.toLowerCase());
        case 'yesNo':
          return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
        case 'accessibility':
          return value === 'true' ? 'Offline' : value === 'false' ? 'Online' : value;
        case 'active':
          return value === 'true' ? 'Active' : value === 'false' ? 'Inactive' : value;
        case 'text':
          return value;
      }
    },
  };
}

/** Ids as they are, dates as the screens show them: for a text that looks no name up (a refusal's 'changed since' list). */
export const UNNAMED_WORDS: AuditWords = auditWords('screen', () => undefined);

/**
 * One describer per event type of a feature, each typed by that event's data: a forgotten type fails to compile. It
 * says names, dates and fields through `words` (never an id a reader would have to look up).
 */
export type Describers<Event extends DomainEvent> = {
  [Type in Event['type']]: (data: Extract<Event, { type: Type }>['data'], words: AuditWords) => AuditLine;
};

/** How a feature's records are named in the log: the stream that names one, and the name each of its events gives it. */
export interface RecordNamer {
  kind: NamedRecord;
  stream: (id: string) => string;
  /** The record's name from this event on, when the event (re)names it. */
  nameOf: (event: { type: string; data: unknown }) => string | undefined;
}

/**
 * What a feature tells the audit report: the stream kinds it owns (`<prefix><id>`), how its events read, and how the
 * records it owns are named (so that other features' events name them).
 */
export interface AuditVocabulary {
  subjects: ReadonlyArray<{ prefix: string; type: string }>;
  describers: Record<string, (data: never, words: AuditWords) => AuditLine>;
  namers: readonly RecordNamer[];
}

export const auditVocabulary = <Event extends DomainEvent>(
  subjects: AuditVocabulary['subjects'],
  describers: Describers<Event>,
  namers: readonly RecordNamer[] = [],
): AuditVocabulary => ({ subjects, describers: describers as AuditVocabulary['describers'], namers });

const spaced = (pascal: string) => pascal.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The report's view of every feature's vocabulary together. */
export class AuditDictionary {
  private readonly subjects: Array<{ prefix: string; type: string }>;
  private readonly describers = new Map<string, (data: never, words: AuditWords) => AuditLine>();
  private readonly namers = new Map<NamedRecord, RecordNamer>();

  constructor(vocabularies: readonly AuditVocabulary[]) {
    // Longest prefix first, so `user-email-` wins over `user-`.
    this.subjects = vocabularies.flatMap((v) => v.subjects).sort((a, b) => b.prefix.length - a.prefix.length);
    for (const vocabulary of vocabularies) {
      for (const [type, describe] of Object.entries(vocabulary.describers)) {
        if (this.describers.has(type)) throw new Error(`two features describe the event type ${type}`);
        this.describers.set(type, describe);
      }
      for (const namer of vocabulary.namers ?? []) {
        if (this.namers.has(namer.kind)) throw new Error(`two features name the records of kind ${namer.kind}`);
        this.namers.set(namer.kind, namer);
      }
    }
  }

  /** How records of `kind` are named in the log, when a feature says so. */
  namerOf(kind: NamedRecord): RecordNamer | undefined {
    return this.namers.get(kind);
  }

  subjectOf(streamId: string): { type: string; id: string } {
    for (const { prefix, type } of this.subjects) if (streamId.startsWith(prefix)) return { type, id: streamId.slice(prefix.length) };
    const dash = streamId.indexOf('-');
    return dash > 0 ? { type: streamId.slice(0, dash), id: streamId.slice(dash + 1) } : { type: streamId, id: '' };
  }

  /** How the event reads in `words` (names looked up, dates in the reader's style); by default ids as they are. */
  describe(event: Pick<RecordedEvent, 'type' | 'data'>, words: AuditWords = UNNAMED_WORDS): AuditLine {
    const describe = this.describers.get(event.type);
    if (describe) return describe(event.data as never, words);
    const phrase = spaced(event.type);
    return { action: phrase.charAt(0).toUpperCase() + phrase.slice(1) };
  }

  /** The meaning of the electronic signature an event carries, if any. */
  signatureMeaning(event: Pick<RecordedEvent, 'data'>): string {
    const signature = (event.data as { signature?: { meaning?: string } }).signature;
    return signature?.meaning ?? '';
  }
}

/** The changed fields of a record of `kind`, as a list of their labels. */
export const changedFields = (words: AuditWords, kind: AuditRecordKind, changed: readonly string[]) =>
  changed.map((field) => words.label(kind, field)).join(', ') || 'no change';
