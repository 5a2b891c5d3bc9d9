import {
  type AuditRecordKind,
  credentialsStreamId,
  customerStreamId,
  documentFilesStreamId,
  documentStreamId,
  type HistoryEntry,
  notificationStreamId,
  type RecordHistoryResponse,
  recordField,
  userStreamId,
} from '@ifu/contracts';
import { type EventStore, QUARANTINED_EVENT_TYPE, type RecordedEvent } from '@ifu/storage/event-store/event-store';
import { AuditNameBook } from '../platform/audit-names';
import type { AuditDictionary, NamedRecord } from '../platform/audit-vocabulary';
import { applyEvent, type RecordFields } from './record-fields';

/** The most entries one answer lists; the filters narrow a longer history down. */
export const HISTORY_LIMIT = 2000;

/**
 * The streams that make up a record's history: its own stream first, and the stream kept apart from it so that it
 * does not move the record's version (a user's credentials: sign-ins, failed checks; a change order's file downloads,
 * which are the approver's review of its files).
 */
export function historyStreams(kind: AuditRecordKind, id: string): string[] {
  switch (kind) {
    case 'user':
      return [userStreamId(id), credentialsStreamId(id)];
    case 'customer':
      return [customerStreamId(id)];
    case 'changeOrder':
      return [documentStreamId(id), documentFilesStreamId(id)];
    case 'notice':
      return [notificationStreamId(Number(id))];
  }
}

/** The human-written part of an event, by the names its data gives it (top level only: a record's own fields are not). */
const WHY_FIELDS: ReadonlyArray<[key: string, label: string]> = [
  ['reason', 'Reason'],
  ['comments', 'Comments'],
  ['justification', 'Justification'],
  ['changeDescription', 'Change description'],
  ['changeJustification', 'Change justification'],
];

function whyOf(event: RecordedEvent) {
  const data = event.data as Record<string, unknown>;
  return WHY_FIELDS.flatMap(([key, label]) => (typeof data[key] === 'string' && data[key] !== '' ? [{ label, text: data[key] }] : []));
}

function actorOf(event: RecordedEvent): HistoryEntry['actor'] {
  const actor = event.metadata.actor;
  switch (actor.type) {
    case 'user':
      return { type: 'user', name: actor.name ?? '', email: actor.email };
    case 'public':
      return { type: 'public', name: 'Public visitor', email: actor.email };
    case 'visitor':
      // A visitor's address is sealed under their own key and is not needed to review a staff record.
      return { type: 'visitor', name: 'Public visitor', email: '' };
    case 'system':
      return { type: 'system', name: `System (${actor.name})`, email: '' };
  }
}

function signatureOf(event: RecordedEvent): HistoryEntry['signature'] {
  const signature = (event.data as { signature?: HistoryEntry['signature'] }).signature;
  if (!signature || typeof signature !== 'object' || typeof signature.meaning !== 'string') return undefined;
  return { name: signature.name, email: signature.email, signedAt: signature.signedAt, meaning: signature.meaning };
}

function titleOf(kind: AuditRecordKind, id: string, fields: RecordFields): string {
  switch (kind) {
    case 'changeOrder':
      return [fields.documentId, fields.productFamilyName].filter(Boolean).join(' ') || id;
    case 'customer':
      return fields.customerName || id;
    case 'user':
      return `${fields.firstName ?? ''} ${fields.lastName ?? ''}`.trim() + (fields.email ? ` <${fields.email}>` : '') || id;
    case 'notice':
      return `Notification ${id}`;
  }
}

/** The records a record's field values name by id (its approver, its customer, a notice's product). */
function namedIn(kind: AuditRecordKind, changes: ReadonlyArray<{ field: string; old: string; new: string }>): Array<{ kind: NamedRecord; id: string }> {
  return changes.flatMap((change) => {
    const value = recordField(kind, change.field).value;
    if (value !== 'user' && value !== 'customer' && value !== 'changeOrder') return [];
    return [change.old, change.new].filter(Boolean).map((id) => ({ kind: value, id }));
  });
}

export interface HistoryFilter {
  /** Inclusive start, UTC. */
  from?: Date;
  /** Exclusive end, UTC. */
  toExclusive?: Date;
  actorEmail?: string;
  type?: string;
}

/**
 * A record's whole history from the log: its streams' events merged in log order, folded one by one so that each
 * entry says what the event changed (old → new). The filter picks the entries listed; the fold always runs over every
 * event, so an old value is the value before that event whatever is listed. Undefined when the record has no events.
 */
export async function recordHistory(
  store: EventStore,
  dictionary: AuditDictionary,
  kind: AuditRecordKind,
  id: string,
  filter: HistoryFilter,
): Promise<RecordHistoryResponse | undefined> {
  const streams = historyStreams(kind, id);
  const [own, ...others] = await Promise.all(streams.map((stream) => store.readStream(stream)));
  if (!own || own.length === 0) return undefined;
  // A quarantined event is no part of the record's history (audit:verify lists it).
  const events = [own, ...others]
    .flat()
    .filter((event) => event.type !== QUARANTINED_EVENT_TYPE)
    .sort((a, b) => a.position - b.position);

  const actorEmail = filter.actorEmail?.toLowerCase();
  const listed = (event: RecordedEvent, entry: HistoryEntry) => {
    const time = Date.parse(event.recordedAt);
    if (filter.from && time < filter.from.getTime()) return false;
    if (filter.toExclusive && time >= filter.toExclusive.getTime()) return false;
    if (actorEmail && entry.actor.email.toLowerCase() !== actorEmail) return false;
    return !filter.type || event.type === filter.type;
  };

  // The fold first (each event's changes in the record's own values), then the names those values and the actions
  // name, read from the log once each, then the entries in a reader's words.
  let fields: RecordFields = {};
  const folded = events.map((event) => {
    const { after, changes } = applyEvent(kind, fields, event);
    fields = after;
    return { event, changes };
  });
  const book = new AuditNameBook(store, dictionary);
  await book.load([...book.referencesOf(events), ...namedIn(kind, folded.flatMap((step) => step.changes))]);

  const entries: HistoryEntry[] = [];
  let matching = 0;
  for (const { event, changes } of folded) {
    const words = book.wordsAt(event.position, 'screen');
    const entry: HistoryEntry = {
      position: event.position,
      hash: event.hash,
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      type: event.type,
      action: dictionary.describe(event, words).action,
      recordedAt: event.recordedAt,
      actor: actorOf(event),
      changes: changes.map((change) => ({
        field: change.field,
        label: words.label(kind, change.field),
        old: words.value(kind, change.field, change.old),
        new: words.value(kind, change.field, change.new),
      })),
      why: whyOf(event),
      ...(signatureOf(event) ? { signature: signatureOf(event) } : {}),
    };
    if (!listed(event, entry)) continue;
    matching++;
    if (entries.length < HISTORY_LIMIT) entries.push(entry);
  }
  return {
    kind,
    id,
    title: titleOf(kind, id, fields),
    streams,
    total: events.length,
    eventTypes: [...new Set(events.map((event) => event.type))].sort(),
    entries,
    truncated: matching > entries.length,
  };
}
