import type {
  AuditRecordKind,
  CustomerDetails,
  CustomerEvent,
  DocumentEvent,
  DocumentFile,
  DocumentFileEvent,
  NotificationEvent,
  StoredFile,
  UserEvent,
} from '@ifu/contracts';

/**
 * A record as its events have made it so far: each field's value as text. The review screen folds a record's events in
 * order through `patchOf` and shows, for each event, the fields whose value it changed (old: before the event, new:
 * after it). Never looked up in a read model: the log alone decides what the history says.
 */
export type RecordFields = Readonly<Record<string, string>>;

/** The fields an event sets (a field set to '' is cleared). Everything else about the event is not a field of the record. */
type Patch = Record<string, string | number | boolean | null | undefined>;

/** Compile-time: every event type of the kind is handled. Run time: a type another version wrote sets no field. */
const unknownType = (_event: never): Patch => ({});

const fileText = (file: DocumentFile) => `${file.docName} (sha256 ${file.sha256.slice(0, 12)}…)`;
const storedFileText = (file: StoredFile) => `${file.contentType}, ${file.size} bytes (sha256 ${file.sha256.slice(0, 12)}…)`;

/** A supporting file is a field of its own, named by its name and id, so that adding and deleting one reads plainly. */
const supportingFileField = (file: DocumentFile) => `Supporting file ${file.docName} [${file.fileId.slice(0, 8)}]`;

/** A child document's fields are named by its document number (`CO-2026-00042-01 keywords`). */
const childPatch = (documentNumber: string, fields: Patch): Patch =>
  Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${documentNumber} ${field}`, value]));

function documentPatch(event: DocumentEvent | DocumentFileEvent): Patch {
  switch (event.type) {
    case 'ChangeOrderCreated': {
      const d = event.data;
      return {
        documentId: d.documentId,
        approvalRoutingNumber: d.approvalRoutingNumber,
        ...d.details,
        logo: fileText(d.logo),
        ...Object.fromEntries(d.files.map((file) => [supportingFileField(file), fileText(file)])),
        revises: d.revises?.documentId,
        delegatedFrom: d.delegatedFrom,
        status: 'Draft',
      };
    }
    case 'ChildDocumentAdded': {
      const { childDocumentId: _id, documentNumber, file, ...details } = event.data.child;
      return childPatch(documentNumber, { ...details, file: fileText(file), status: 'Active' });
    }
    case 'ChangeOrderUpdated':
      return { ...event.data.details, ...(event.data.changes.some((change) => change.field === 'approverId') ? { delegatedFrom: event.data.delegatedFrom ?? '' } : {}) };
    case 'ChangeOrderLogoChanged':
      return { logo: fileText(event.data.logo) };
    case 'SupportingFilesAdded':
      return Object.fromEntries(event.data.files.map((file) => [supportingFileField(file), fileText(file)]));
    case 'SupportingFileDeleted':
      return { [supportingFileField(event.data.file)]: '' };
    case 'ChildDocumentUpdated':
      return childPatch(event.data.documentNumber, { ...event.data.details, ...(event.data.file ? { file: fileText(event.data.file) } : {}) });
    case 'ChildDocumentDeactivated':
      return childPatch(event.data.documentNumber, { status: 'Obsolete', obsoleteDate: event.data.obsoleteDate });
    case 'ChangeOrderDeactivated':
      return { status: 'Obsolete', obsoleteDate: event.data.obsoleteDate };
    case 'ChangeOrderApproved':
      return { status: 'Approved', approvedDate: event.data.approvedDate, reviewDate: event.data.reviewDate };
    case 'PeriodicReviewDateChanged':
      return { reviewDate: event.data.reviewDate };
    case 'PeriodicReviewReminderSent':
      // A reminder mailed is an event of the record, not a value of its fields.
      return {};
    case 'PeriodicReviewCompleted':
      return { reviewDate: event.data.nextReviewDate ?? '', periodicReviewOutcome: event.data.outcome };
    case 'ChangeOrderRejected':
      return { status: 'Rejected' };
    case 'ChangeOrderRevised':
      return { revisedBy: event.data.revision.documentId };
    case 'ChangeOrderApproverReassigned':
      return { approverId: event.data.to, delegatedFrom: event.data.delegatedFrom ?? '' };
    case 'ChangeOrderAccessibilityChanged':
      return { isInternal: event.data.isInternal, proposedIsInternal: '' };
    case 'ChangeOrderAccessibilityProposed':
      return { proposedIsInternal: event.data.isInternal };
    case 'ChangeOrderAccessibilityRejected':
      return { proposedIsInternal: '' };
    case 'DocumentFileDownloaded':
      // A download (the approver's review of a file) changes nothing of the change order.
      return {};
    default:
      return unknownType(event);
  }
}

const customerDetails = (d: CustomerDetails): Patch => ({
  customerName: d.customerName,
  contactEmail: d.contactEmail,
  contactInformation: d.contactInformation,
  countryExclusionList: d.countryExclusionList,
  customerWebsiteLink: d.customerWebsiteLink,
  approverId: d.approverId,
});

/** The pending values of a change to an approved customer, or none (`''`) once it is decided or withdrawn. */
const pending = (details: CustomerDetails | undefined): Patch =>
  Object.fromEntries(Object.entries(customerDetails(details ?? ({} as CustomerDetails))).map(([field, value]) => [`pending ${field}`, value ?? '']));

function customerPatch(event: CustomerEvent): Patch {
  switch (event.type) {
    case 'CustomerRegistered':
      return { ...customerDetails(event.data), logo: storedFileText(event.data.logo), status: 'Pending approval', delegatedFrom: event.data.delegatedFrom };
    case 'CustomerUpdated':
      return { ...customerDetails(event.data), ...(event.data.changed.includes('approverId') ? { delegatedFrom: event.data.delegatedFrom ?? '' } : {}) };
    case 'CustomerApproverReassigned':
      return event.data.pendingChange
        ? { 'pending approverId': event.data.to, 'pending delegatedFrom': event.data.delegatedFrom ?? '' }
        : { approverId: event.data.to, delegatedFrom: event.data.delegatedFrom ?? '' };
    case 'CustomerLogoChanged':
      return { logo: storedFileText(event.data.logo) };
    case 'CustomerApprovalWithdrawn':
      return { status: 'Pending approval' };
    case 'CustomerChangeProposed':
      return {
        ...pending(event.data.proposed),
        ...(event.data.logo ? { 'pending logo': storedFileText(event.data.logo) } : {}),
        'pending delegatedFrom': event.data.delegatedFrom ?? '',
      };
    case 'CustomerChangeWithdrawn':
    case 'CustomerChangeRejected':
      return { ...pending(undefined), 'pending logo': '', 'pending delegatedFrom': '' };
    case 'CustomerChangeApproved':
      return {
        ...customerDetails(event.data.details),
        ...(event.data.logo ? { logo: storedFileText(event.data.logo) } : {}),
        ...pending(undefined),
        'pending logo': '',
        'pending delegatedFrom': '',
        approvedDate: event.data.approvedDate,
      };
    case 'CustomerApproved':
      return { status: 'Approved', approvedDate: event.data.approvedDate };
    case 'CustomerRejected':
      return { status: 'Rejected' };
    case 'CustomerOpenAccessChanged':
      return { openAccess: event.data.openAccess };
    default:
      return unknownType(event);
  }
}

function userPatch(event: UserEvent): Patch {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserModified': {
      const { email, firstName, lastName, role, isTrainingCompleted } = event.data;
      return { email, firstName, lastName, role, isTrainingCompleted, ...(event.type === 'UserRegistered' ? { active: true } : {}) };
    }
    case 'IdentityChangeRequested':
      return { 'pending email': event.data.to.email, 'pending firstName': event.data.to.firstName, 'pending lastName': event.data.to.lastName };
    case 'IdentityChangeAccepted':
      return {};
    case 'IdentityChangeCancelled':
      return { 'pending email': '', 'pending firstName': '', 'pending lastName': '' };
    case 'UserDeactivated':
      return { active: false };
    case 'UserReactivated':
      return { active: true };
    case 'UserTrainingRecorded':
      return { isTrainingCompleted: event.data.completed };
    case 'SecondFactorEnrolled':
      return { secondFactor: 'enrolled' };
    case 'SecondFactorReset':
      return { secondFactor: '' };
    case 'AbsenceDeclared':
      return { absentFrom: event.data.from, absentUntil: event.data.until, delegateId: event.data.delegateId };
    case 'AbsenceEnded':
      return { absentFrom: '', absentUntil: '', delegateId: '' };
    case 'MailPreferenceChosen':
      return { taskMail: event.data.taskMail };
    // Enrolment steps and codes given are events of the account, not values of its fields (no secret is shown).
    case 'SecondFactorEnrolmentStarted':
    case 'SecondFactorCodeAccepted':
    case 'SecondFactorCodeRefused':
    case 'RecoveryCodeUsed':
      return {};
    case 'PasswordSet':
      return { passwordSetAt: event.data.setAt };
    case 'PasswordRevoked':
      return { passwordSetAt: '' };
    case 'AccountLocked':
      return event.data.source ? {} : { lockedUntil: event.data.lockedUntil };
    case 'AccountUnlocked':
      return { lockedUntil: '' };
    // Sign-ins, failed checks, emailed links and seals are events of the account, not values of its fields.
    case 'PasswordLinkIssued':
    case 'PasswordHashSealed':
    case 'LoginSucceeded':
    case 'LoginFailed':
    case 'CredentialCheckFailed':
    case 'UnlockLinkIssued':
    case 'EmailedLinksClosed':
    case 'LoggedOut':
      return {};
    default:
      return unknownType(event);
  }
}

function noticePatch(event: NotificationEvent): Patch {
  switch (event.type) {
    case 'NotificationAdded':
    case 'NotificationUpdated': {
      const { notificationId, notificationText, customerId, productId } = event.data;
      return { notificationId, notificationText, customerId, productId, status: 'Active' };
    }
    case 'NotificationDeleted':
      return { status: 'Deleted' };
    default:
      return unknownType(event);
  }
}

const asText = (value: Patch[string]) => (value === null || value === undefined ? '' : String(value));

/** The fields an event of a record of `kind` sets; an event type the kind does not know sets none. */
export function patchOf(kind: AuditRecordKind, event: { type: string; data: unknown }): Record<string, string> {
  let patch: Patch;
  try {
    switch (kind) {
      case 'changeOrder':
        patch = documentPatch(event as DocumentEvent | DocumentFileEvent);
        break;
      case 'customer':
        patch = customerPatch(event as CustomerEvent);
        break;
      case 'user':
        patch = userPatch(event as UserEvent);
        break;
      case 'notice':
        patch = noticePatch(event as NotificationEvent);
        break;
    }
  } catch {
    // An event the fold does not know (a type another version of the product wrote) changes no field here; it is
    // still listed, with its action and chain position.
    patch = {};
  }
  return Object.fromEntries(Object.entries(patch ?? {}).map(([field, value]) => [field, asText(value)]));
}

/**
 * One step of the fold: the record after the event, and the fields whose value the event changed (old before, new
 * after). A field set to the value it had is not a change.
 */
export function applyEvent(
  kind: AuditRecordKind,
  before: RecordFields,
  event: { type: string; data: unknown },
): { after: RecordFields; changes: Array<{ field: string; old: string; new: string }> } {
  const patch = patchOf(kind, event);
  const changes = Object.entries(patch)
    .filter(([field, value]) => (before[field] ?? '') !== value)
    .map(([field, value]) => ({ field, old: before[field] ?? '', new: value }));
  return { after: { ...before, ...patch }, changes };
}
