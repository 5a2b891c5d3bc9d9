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

/** One describer per event type of a feature, each typed by that event's data: a forgotten type fails to compile. */
export type Describers<Event extends DomainEvent> = {
  [Type in Event['type']]: (data: Extract<Event, { type: Type }>['data']) => AuditLine;
};

/** What a feature tells the audit report: the stream kinds it owns (`<prefix><id>`) and how its events read. */
export interface AuditVocabulary {
  subjects: ReadonlyArray<{ prefix: string; type: string }>;
  describers: Record<string, (data: never) => AuditLine>;
}

export const auditVocabulary = <Event extends DomainEvent>(
  subjects: AuditVocabulary['subjects'],
  describers: Describers<Event>,
): AuditVocabulary => ({ subjects, describers: describers as AuditVocabulary['describers'] });

const words = (pascal: string) => pascal.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The report's view of every feature's vocabulary together. */
export class AuditDictionary {
  private readonly subjects: Array<{ prefix: string; type: string }>;
  private readonly describers = new Map<string, (data: never) => AuditLine>();

  constructor(vocabularies: readonly AuditVocabulary[]) {
    // Longest prefix first, so `user-email-` wins over `user-`.
    this.subjects = vocabularies.flatMap((v) => v.subjects).sort((a, b) => b.prefix.length - a.prefix.length);
    for (const vocabulary of vocabularies) {
      for (const [type, describe] of Object.entries(vocabulary.describers)) {
        if (this.describers.has(type)) throw new Error(`two features describe the event type ${type}`);
        this.describers.set(type, describe);
      }
    }
  }

  subjectOf(streamId: string): { type: string; id: string } {
    for (const { prefix, type } of this.subjects) if (streamId.startsWith(prefix)) return { type, id: streamId.slice(prefix.length) };
    const dash = streamId.indexOf('-');
    return dash > 0 ? { type: streamId.slice(0, dash), id: streamId.slice(dash + 1) } : { type: streamId, id: '' };
  }

  describe(event: Pick<RecordedEvent, 'type' | 'data'>): AuditLine {
    const describe = this.describers.get(event.type);
    if (describe) return describe(event.data as never);
    const phrase = words(event.type);
    return { action: phrase.charAt(0).toUpperCase() + phrase.slice(1) };
  }

  /** The meaning of the electronic signature an event carries, if any. */
  signatureMeaning(event: Pick<RecordedEvent, 'data'>): string {
    const signature = (event.data as { signature?: { meaning?: string } }).signature;
    return signature?.meaning ?? '';
  }
}

/** The names of changed fields, as a list in words. */
export const changedFields = (changed: readonly string[]) => changed.join(', ') || 'no change';
