import type { EventStore, RecordedEvent } from '@ifu/storage/event-store/event-store';
import { type AuditDictionary, type AuditWords, auditWords, type DateStyle, type NamedRecord } from './audit-vocabulary';

/** A record's names as its own stream gave them, oldest first: each from the event's position on. */
type Timeline = ReadonlyArray<{ position: number; name: string }>;

/** More records than this named in one read (a report of a long range): the names read so far are let go and read again as needed. */
const MAX_RECORDS = 10_000;

const keyOf = (kind: NamedRecord, id: string) => `${kind}:${id}`;

/**
 * The names of the records events name by id (an approver, a customer, a change order), as they were when each event
 * was recorded: read from the log, never from a read model, so a renamed approver is shown by the name they had then
 * and the trail says the same whatever the read models hold. Each record's naming stream is read once.
 */
export class AuditNameBook {
  private readonly timelines = new Map<string, Timeline>();

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    private readonly dictionary: AuditDictionary,
  ) {}

  /** The records the description of these events names by id (run once with words that note them). */
  referencesOf(events: ReadonlyArray<Pick<RecordedEvent, 'type' | 'data'>>): Array<{ kind: NamedRecord; id: string }> {
    const found = new Map<string, { kind: NamedRecord; id: string }>();
    const noting = auditWords('audit', (kind, id) => {
      found.set(keyOf(kind, id), { kind, id });
      return undefined;
    });
    for (const event of events) this.dictionary.describe(event, noting);
    return [...found.values()];
  }

  /** Reads the names of these records (those not read yet), all at once. */
  async load(references: Iterable<{ kind: NamedRecord; id: string }>): Promise<void> {
    const missing = new Map<string, { kind: NamedRecord; id: string }>();
    for (const reference of references) {
      const key = keyOf(reference.kind, reference.id);
      if (!this.timelines.has(key) && this.dictionary.namerOf(reference.kind)) missing.set(key, reference);
    }
    if (missing.size === 0) return;
    if (this.timelines.size + missing.size > MAX_RECORDS) this.timelines.clear();
    await Promise.all(
      [...missing].map(async ([key, { kind, id }]) => {
        const namer = this.dictionary.namerOf(kind)!;
        const events = await this.store.readStream(namer.stream(id));
        const timeline: Array<{ position: number; name: string }> = [];
        for (const event of events) {
          const name = namer.nameOf(event);
          if (name) timeline.push({ position: event.position, name });
        }
        this.timelines.set(key, timeline);
      }),
    );
  }

  /** Reads the names the description of these events needs. */
  async loadFor(events: ReadonlyArray<Pick<RecordedEvent, 'type' | 'data'>>): Promise<void> {
    await this.load(this.referencesOf(events));
  }

  /**
   * The record's name at `position` in the log: the last one its stream gave it up to there (or its first name, for
   * an event recorded before the record was named); undefined when the log names it nowhere or it was not loaded.
   */
  nameAt(kind: NamedRecord, id: string, position: number): string | undefined {
    const timeline = this.timelines.get(keyOf(kind, id));
    if (!timeline || timeline.length === 0) return undefined;
    let name = timeline[0]!.name;
    for (const entry of timeline) {
      if (entry.position > position) break;
      name = entry.name;
    }
    return name;
  }

  /** The words of an event at `position`: the names as they were then, dates in `style`. */
  wordsAt(position: number, style: DateStyle): AuditWords {
    return auditWords(style, (kind, id) => this.nameAt(kind, id, position));
  }
}
