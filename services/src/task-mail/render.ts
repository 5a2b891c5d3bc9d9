import { CUSTOMER_FIELD_LABEL, type CustomerChangeField } from '@ifu/contracts';
import type { RecordRef, TaskMail, TaskMailKind } from './mails';

/** A task mail as recorded for delivery: its subject, its text (without the greeting), and the link it leads to. */
export interface RenderedMail {
  subject: string;
  body: string;
  link: string;
}

/** Where the admin portal shows the record: the change order's view; the customer's view on Manage Customer. */
export function recordLink(adminUrl: string, record: Pick<RecordRef, 'kind' | 'id'>): string {
  return record.kind === 'change-order' ? `${adminUrl}/document/view/${record.id}` : `${adminUrl}/managecustomer?view=${record.id}`;
}

const named = (record: RecordRef) =>
  record.kind === 'change-order' ? `change order ${record.name}${record.productFamilyName ? ` (${record.productFamilyName})` : ''}` : `customer ${record.name}`;
const subjectName = (record: RecordRef) => (record.kind === 'change-order' ? `change order ${record.name}` : `customer ${record.name}`);
const fieldsOf = (mail: TaskMail) => {
  const fields = mail.change?.fields ?? [];
  return fields.length > 0 ? ` (${fields.map((field) => CUSTOMER_FIELD_LABEL[field as CustomerChangeField] ?? field).join(', ')})` : '';
};

interface Wording {
  subject(mail: TaskMail): string;
  lines(mail: TaskMail, adminUrl: string): string[];
}

const SIGN_IT = 'Open it and approve or reject it with your electronic signature.';

/** What each kind of mail says: our own words; the reasons and names are the log's. */
const WORDING: Record<TaskMailKind, Wording> = {
  'change-order-submitted': {
    subject: (m) => `IFU Portal: ${subjectName(m.record)} waits for your approval`,
    lines: (m) => [`${capitalised(named(m.record))} was submitted to you for approval.`, 'Open every file of it, then approve or reject it with your electronic signature.'],
  },
  'customer-submitted': {
    subject: (m) => `IFU Portal: ${subjectName(m.record)} waits for your approval`,
    lines: (m) => [`${capitalised(named(m.record))} was submitted to you for approval.`, SIGN_IT],
  },
  'customer-change-submitted': {
    subject: (m) => `IFU Portal: a change to ${subjectName(m.record)} waits for your approval`,
    lines: (m) => [
      `A change to ${named(m.record)}${fieldsOf(m)} was submitted to you for approval. The approved values stay in use until you approve it.`,
      SIGN_IT,
    ],
  },
  'approval-reminder': {
    subject: (m) => `IFU Portal: reminder: ${m.change ? `a change to ${subjectName(m.record)}` : subjectName(m.record)} still waits for your approval`,
    lines: (m) => [
      `${capitalised(m.change ? `a change to ${named(m.record)}` : named(m.record))} has waited ${m.waitedDays} days for your approval.`,
      m.record.kind === 'change-order' ? 'Open every file of it, then approve or reject it with your electronic signature.' : SIGN_IT,
      'If someone else should decide it, ask an ADMIN to assign another approver.',
    ],
  },
  'approval-reassigned-to-you': {
    subject: (m) => `IFU Portal: ${m.change ? `a change to ${subjectName(m.record)}` : subjectName(m.record)} was reassigned to you for approval`,
    lines: (m) => [
      `${m.by} reassigned ${m.change ? `a change to ${named(m.record)}` : named(m.record)} to you for approval.`,
      `Reason: ${m.reason}`,
      m.record.kind === 'change-order' ? 'Open every file of it, then approve or reject it with your electronic signature.' : SIGN_IT,
    ],
  },
  'approval-reassigned-away': {
    subject: (m) => `IFU Portal: ${m.change ? `a change to ${subjectName(m.record)}` : subjectName(m.record)} no longer waits for you`,
    lines: (m) => [
      `${m.by} reassigned ${m.change ? `a change to ${named(m.record)}` : named(m.record)} to another approver: it no longer waits for your approval.`,
      `Reason: ${m.reason}`,
    ],
  },
  'change-order-approved': {
    subject: (m) => `IFU Portal: ${subjectName(m.record)} was approved`,
    lines: (m) => [`${capitalised(named(m.record))}, which you wrote, was approved by ${m.by}.`, ...(m.reason ? [`Comment: ${m.reason}`] : [])],
  },
  'change-order-rejected': {
    subject: (m) => `IFU Portal: ${subjectName(m.record)} was rejected`,
    lines: (m, adminUrl) => [
      `${capitalised(named(m.record))}, which you wrote, was rejected by ${m.by}.`,
      `Reason: ${m.reason}`,
      '',
      `Revise and resubmit it: ${adminUrl}/document/revise/${m.record.id}`,
    ],
  },
  'customer-approved': {
    subject: (m) => `IFU Portal: ${subjectName(m.record)} was approved`,
    lines: (m) => [`${capitalised(named(m.record))}, which you registered, was approved by ${m.by}. It is listed on the public portal now.`],
  },
  'customer-rejected': {
    subject: (m) => `IFU Portal: ${subjectName(m.record)} was rejected`,
    lines: (m) => [`${capitalised(named(m.record))}, which you registered, was rejected by ${m.by}.`, `Reason: ${m.reason}`],
  },
  'customer-change-approved': {
    subject: (m) => `IFU Portal: your change to ${subjectName(m.record)} was approved`,
    lines: (m) => [`Your change to ${named(m.record)}${fieldsOf(m)} was approved by ${m.by}. It is in use now.`],
  },
  'customer-change-rejected': {
    subject: (m) => `IFU Portal: your change to ${subjectName(m.record)} was rejected`,
    lines: (m) => [`Your change to ${named(m.record)}${fieldsOf(m)} was rejected by ${m.by}; the approved values stay in use.`, `Reason: ${m.reason}`],
  },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A decided mail as it is recorded: subject, text and link (the greeting is added when it is sent). */
export function renderTaskMail(mail: TaskMail, adminUrl: string): RenderedMail {
  const wording = WORDING[mail.kind];
  const link = recordLink(adminUrl, mail.record);
  return { subject: wording.subject(mail), body: [...wording.lines(mail, adminUrl), '', `Open it: ${link}`].join('\n'), link };
}

/** The greeting and the signature every task mail (and digest) is sent with. */
export const sentText = (recipient: { firstName: string; lastName: string }, body: string) =>
  [`Hello ${recipient.firstName} ${recipient.lastName},`, '', body, '', 'IFU Portal'].join('\n');

/** The daily digest of a day (`YYYY-MM-DD`): one line and link for each mail held for it, oldest first. */
export function renderDigest(day: string, items: ReadonlyArray<{ subject: string; link: string }>): { subject: string; body: string } {
  const lines = items.flatMap((item) => [`- ${item.subject.replace(/^IFU Portal: /, '')}`, `  ${item.link}`]);
  return {
    subject: `IFU Portal: your daily digest of ${day} (${items.length} ${items.length === 1 ? 'mail' : 'mails'})`,
    body: [`Since your last digest (you chose one daily digest instead of a mail for each task):`, '', ...lines, '', 'To get one mail for each task again, choose it under Mail preference in your account menu.'].join('\n'),
  };
}
