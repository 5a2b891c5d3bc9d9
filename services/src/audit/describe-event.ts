import type { RecordedEvent } from '@ifu/storage/event-store/event-store';

/** Stream prefixes (architecture §2: `<kind>-<id>`), longest first so `user-email-` wins over `user-`. */
const SUBJECTS: Array<[prefix: string, type: string]> = [
  ['user-email-', 'email address'],
  ['user-', 'user'],
  ['customer-name-', 'customer name'],
  ['customer-', 'customer'],
  ['document-', 'document'],
  ['notification-', 'notification'],
  ['access-request-', 'access request'],
  ['audit-report-', 'audit report'],
];

export function subjectOf(streamId: string): { type: string; id: string } {
  for (const [prefix, type] of SUBJECTS) if (streamId.startsWith(prefix)) return { type, id: streamId.slice(prefix.length) };
  if (streamId === 'system-bootstrap') return { type: 'system', id: '' };
  const dash = streamId.indexOf('-');
  return dash > 0 ? { type: streamId.slice(0, dash), id: streamId.slice(dash + 1) } : { type: streamId, id: '' };
}

const words = (pascal: string) => pascal.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What an event did, in words a reviewer understands. */
export function actionInWords(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'SystemBootstrapped':
      return 'Created the first administrator';
    case 'UserRegistered':
      return `Added user (${text(d.role)})`;
    case 'UserModified':
      return `Updated user: ${(Array.isArray(d.changed) ? d.changed : []).join(', ') || 'no change'}`;
    case 'UserDeactivated':
      return 'Deactivated user';
    case 'UserReactivated':
      return 'Reactivated user';
    case 'PasswordLinkIssued':
      return `Emailed a set-password link (${text(d.purpose)})`;
    case 'PasswordSet':
      return `Set password (${text(d.via)})`;
    case 'LoginSucceeded':
      return 'Logged in';
    case 'LoginFailed':
      return `Login refused (${text(d.reason)})`;
    case 'CredentialCheckFailed':
      return `Credentials refused for ${text(d.purpose)} (${text(d.reason)})`;
    case 'AccountLocked':
      return `Locked account after ${String(d.failures)} failed attempts, until ${text(d.lockedUntil)}`;
    case 'LoggedOut':
      return 'Logged out';
    case 'EmailClaimed':
      return 'Reserved email address';
    case 'EmailReleased':
      return 'Released email address';
    case 'CustomerNameClaimed':
      return 'Reserved customer name';
    case 'CustomerNameReleased':
      return 'Released customer name';
    case 'CustomerRegistered':
      return 'Added customer';
    case 'CustomerUpdated':
      return `Updated customer: ${(Array.isArray(d.changed) ? d.changed : []).join(', ') || 'no change'}`;
    case 'CustomerLogoChanged':
      return 'Changed customer logo';
    case 'CustomerApproved':
      return 'Approved customer (electronic signature)';
    case 'CustomerRejected':
      return 'Rejected customer (electronic signature)';
    case 'AdministratorNotified':
      return `Notified the administrator (${text(d.reason)})`;
    case 'AuditReportDownloaded':
      return `Downloaded the audit report ${text(d.from)} to ${text(d.to)}${d.email ? ` for ${text(d.email)}` : ''}`;
    default: {
      const phrase = words(event.type);
      return phrase.charAt(0).toUpperCase() + phrase.slice(1);
    }
  }
}

/** A subject's name when the event itself carries it; otherwise the report looks it up. */
export function subjectNameInEvent(event: Pick<RecordedEvent, 'type' | 'data'>): string | undefined {
  const d = event.data as Record<string, unknown>;
  if (typeof d.firstName === 'string' && typeof d.lastName === 'string') return `${d.firstName} ${d.lastName}`;
  if (typeof d.customerName === 'string') return d.customerName;
  if (typeof d.email === 'string' && ['EmailClaimed', 'EmailReleased', 'AdministratorNotified'].includes(event.type)) return d.email;
  return undefined;
}

interface Signature {
  meaning?: string;
}

export function signatureMeaning(event: Pick<RecordedEvent, 'data'>): string {
  const signature = (event.data as { signature?: Signature }).signature;
  return signature?.meaning ?? '';
}

/** The human-written part: a rejection reason or the signer's comments. */
export function reasonOrComments(event: Pick<RecordedEvent, 'data'>): string {
  const d = event.data as Record<string, unknown>;
  const parts = [d.signature ? text(d.reason) : '', text(d.comments)].filter(Boolean);
  return parts.join(' | ');
}
