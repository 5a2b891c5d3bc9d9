import type { ChangeOrderRef, ChildDetails, DocumentEvent, DocumentFile, FieldChange, ParentDetails } from '@ifu/contracts';
import { MAX_SUPPORTING_FILES } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ApproverFacts, type ApproverRouting, approverChoiceRefusal, routedApprover } from '../../auth';
import { type Authored, authoringRefusal, type ChangeOrderState, changeOrderDeciderOf, childDocumentNumber, type CustomerFacts, refused } from '../change-order';

/**
 * Authoring (spec §2.7-§2.12): a change order created and edited by its author while it awaits its decision, every
 * step signed (meaning `authorship`, `modification` for a child edited, `file-deletion` or `deactivation`).
 */

export interface CreateChangeOrder extends Authored {
  type: 'CreateChangeOrder';
  parentChangeId: string;
  documentId: string;
  approvalRoutingNumber: string;
  details: ParentDetails;
  logo: DocumentFile;
  files: DocumentFile[];
  /** The children in the order the author saved them; their document numbers are assigned here. */
  children: (ChildDetails & { childDocumentId: string; file: DocumentFile })[];
  customer: CustomerFacts | undefined;
  approver: ApproverFacts | undefined;
  /** The day and the chosen approver's delegate, when they are absent: the delegate may take it instead. */
  routing?: ApproverRouting;
  /** Revise and resubmit: the rejected change order this one revises. */
  revises?: ChangeOrderRef;
  /** `revises` is an approved change order whose periodic review concluded 'revise'. */
  revisesApproved?: boolean;
}

/** The parent fields as a request gives them: the spec's parent edit payload has no product description. */
export type GivenParentDetails = Omit<ParentDetails, 'productFamilyDescription'> & { productFamilyDescription?: string };

/**
 * The product description (spec §3 `productFamilyDescription`) of a request that gives none: the change order's own
 * where it was written apart from its description of change (an edit or a revision keeps it), else the request's
 * description of change (the screens have one description field and send it as both).
 */
export const productDescriptionOf = (given: GivenParentDetails, previous?: Pick<ParentDetails, 'productFamilyDescription' | 'changeDescription'>): string =>
  given.productFamilyDescription?.trim() ||
  (previous && previous.productFamilyDescription !== previous.changeDescription ? previous.productFamilyDescription : given.changeDescription);

export interface UpdateParent extends Authored {
  type: 'UpdateParent';
  /** Without a product description, the change order's own is kept where it has one ({@link productDescriptionOf}). */
  details: GivenParentDetails;
  logo?: DocumentFile;
  addFiles: DocumentFile[];
  /** Facts about the customer and approver chosen; checked only when they change. */
  customer: CustomerFacts | undefined;
  approver: ApproverFacts | undefined;
  /** The day and the chosen approver's delegate, when they are absent: the delegate may take it instead. */
  routing?: ApproverRouting;
}

export interface AddSupportingFiles extends Authored {
  type: 'AddSupportingFiles';
  files: DocumentFile[];
}

export interface DeleteSupportingFile extends Authored {
  type: 'DeleteSupportingFile';
  fileId: string;
}

export interface AddChild extends Authored {
  type: 'AddChild';
  childDocumentId: string;
  details: ChildDetails;
  file: DocumentFile;
}

export interface UpdateChild extends Authored {
  type: 'UpdateChild';
  childDocumentId: string;
  details: ChildDetails;
  file?: DocumentFile;
}

export interface DeactivateChild extends Authored {
  type: 'DeactivateChild';
  childDocumentId: string;
  /** `YYYY-MM-DD`: the day the child stops being current (spec §9: the obsolete date is the day of the submit). */
  today: string;
  /** Why, as the author gave it; absent or empty when none was given. */
  reason?: string;
}

export interface DeactivateChangeOrder extends Authored {
  type: 'DeactivateChangeOrder';
  today: string;
}


export type AuthoringCommand = CreateChangeOrder | UpdateParent | AddSupportingFiles | DeleteSupportingFile | AddChild | UpdateChild | DeactivateChild | DeactivateChangeOrder;

const PARENT_FIELDS: (keyof ParentDetails)[] = [
  'productFamilyName',
  'productFamilyDescription',
  'changeDescription',
  'changeJustification',
  'changeType',
  'customerId',
  'approverId',
  'isInternal',
  'effectiveDate',
  'basicUdiDi',
  'safetyRevision',
];
/** A change order recorded before a parent field existed had its default: no safety revision. */
const parentWithDefaults = (details: ParentDetails): ParentDetails => ({ ...details, safetyRevision: details.safetyRevision ?? false });
const CHILD_FIELDS: (keyof ChildDetails)[] = [
  'associatedReferenceNumber',
  'productSubFamilyNameOne',
  'productSubFamilyNameTwo',
  'billMaterialInformation',
  'keywords',
  'countryList',
  'languageList',
  'changeDescription',
  'changeJustification',
  'gtin',
  'additionalLots',
  'serialRanges',
];

/** A field an older event did not carry (the product identifiers) was empty. */
const valueOf = (value: unknown) => (value === undefined ? '' : String(value));

function changesOf<T extends object>(before: T, after: T, fields: (keyof T)[]): FieldChange[] {
  return fields
    .filter((field) => valueOf(before[field]) !== valueOf(after[field]))
    .map((field) => ({ field: String(field), old: valueOf(before[field]), new: valueOf(after[field]) }));
}

function decideCreate(state: ChangeOrderState, command: CreateChangeOrder): Decision<DocumentEvent> {
  if (state.exists) return refused('document-exists');
  if (command.files.length > MAX_SUPPORTING_FILES) return refused('too-many-supporting-files');
  if (command.customer?.status !== 'APPROVED') return refused('customer-not-approved');
  const policy = { actorUserId: command.actorUserId, createdBy: null };
  const choice = approverChoiceRefusal(command.approver, policy);
  if (choice) return refused(choice);
  // The approver chosen is absent today: their delegate takes it, if the same policy lets them.
  const routed = routedApprover(command.approver!, command.routing, (delegate) => approverChoiceRefusal(delegate, policy) === undefined);
  const signed = { parentChangeId: command.parentChangeId, documentId: command.documentId, signature: command.signature, comments: command.comments };
  return {
    events: [
      {
        type: 'ChangeOrderCreated',
        data: {
          ...signed,
          approvalRoutingNumber: command.approvalRoutingNumber,
          details: { ...command.details, approverId: routed.approverId },
          logo: command.logo,
          files: command.files,
          createdBy: command.actorUserId,
          ...(routed.delegatedFrom ? { delegatedFrom: routed.delegatedFrom } : {}),
          ...(command.revises ? { revises: command.revises } : {}),
          ...(command.revises && command.revisesApproved ? { revisesApproved: true } : {}),
        },
      },
      ...command.children.map(
        ({ childDocumentId, file, ...details }, index): DocumentEvent => ({
          type: 'ChildDocumentAdded',
          data: {
            ...signed,
            child: { ...details, childDocumentId, file, documentNumber: childDocumentNumber(command.documentId, index + 1) },
            editedBy: command.actorUserId,
          },
        }),
      ),
    ],
  };
}

const signedBy = (state: ChangeOrderState, command: Authored) => ({
  parentChangeId: state.parentChangeId,
  documentId: state.documentId,
  signature: command.signature,
  comments: command.comments,
  editedBy: command.actorUserId,
});

function decideUpdateParent(state: ChangeOrderState, command: UpdateParent): Decision<DocumentEvent> {
  const details = state.details!;
  if (state.files.length + command.addFiles.length > MAX_SUPPORTING_FILES) return refused('too-many-supporting-files');
  if (command.details.customerId !== details.customerId && command.customer?.status !== 'APPROVED') return refused('customer-not-approved');
  const newApprover = command.details.approverId !== details.approverId;
  const policy = { actorUserId: command.actorUserId, createdBy: state.createdBy };
  const choice = newApprover ? approverChoiceRefusal(command.approver, policy) : undefined;
  if (choice) return refused(choice);
  // A new approver absent today: their delegate takes it, if the same policy lets them.
  const routed = newApprover ? routedApprover(command.approver!, command.routing, (delegate) => approverChoiceRefusal(delegate, policy) === undefined) : undefined;
  const routedDetails = routed ? { ...command.details, approverId: routed.approverId } : command.details;
  const signed = signedBy(state, command);
  const events: DocumentEvent[] = [];
  const next: ParentDetails = { ...routedDetails, productFamilyDescription: productDescriptionOf(routedDetails, details) };
  const changes = changesOf(parentWithDefaults(details), parentWithDefaults(next), PARENT_FIELDS);
  const delegatedFrom = routed?.delegatedFrom && next.approverId !== details.approverId ? { delegatedFrom: routed.delegatedFrom } : {};
  if (changes.length > 0) events.push({ type: 'ChangeOrderUpdated', data: { ...signed, details: next, changes, ...delegatedFrom } });
  if (command.logo && command.logo.sha256 !== state.logo?.sha256) {
    events.push({ type: 'ChangeOrderLogoChanged', data: { ...signed, logo: command.logo, previous: state.logo! } });
  }
  if (command.addFiles.length > 0) events.push({ type: 'SupportingFilesAdded', data: { ...signed, files: command.addFiles } });
  return { events };
}

function decideAddFiles(state: ChangeOrderState, command: AddSupportingFiles): Decision<DocumentEvent> {
  if (state.files.length + command.files.length > MAX_SUPPORTING_FILES) return refused('too-many-supporting-files');
  return { events: [{ type: 'SupportingFilesAdded', data: { ...signedBy(state, command), files: command.files } }] };
}

function decideDeleteFile(state: ChangeOrderState, command: DeleteSupportingFile): Decision<DocumentEvent> {
  const file = state.files.find((f) => f.fileId === command.fileId);
  if (!file) return refused('supporting-file-not-found');
  return { events: [{ type: 'SupportingFileDeleted', data: { ...signedBy(state, command), file } }] };
}

function decideAddChild(state: ChangeOrderState, command: AddChild): Decision<DocumentEvent> {
  const documentNumber = childDocumentNumber(state.documentId, state.children.length + 1);
  return {
    events: [
      {
        type: 'ChildDocumentAdded',
        data: { ...signedBy(state, command), child: { ...command.details, childDocumentId: command.childDocumentId, documentNumber, file: command.file } },
      },
    ],
  };
}

function decideUpdateChild(state: ChangeOrderState, command: UpdateChild): Decision<DocumentEvent> {
  const child = state.children.find((c) => c.childDocumentId === command.childDocumentId && c.active);
  if (!child) return refused('child-not-found');
  const changes = changesOf<ChildDetails>(child, command.details, CHILD_FIELDS);
  const newFile = command.file && command.file.sha256 !== child.file.sha256 ? command.file : undefined;
  if (newFile) changes.push({ field: 'file', old: `${child.file.docName} (${child.file.sha256})`, new: `${newFile.docName} (${newFile.sha256})` });
  return {
    events: [
      {
        type: 'ChildDocumentUpdated',
        data: {
          ...signedBy(state, command),
          childDocumentId: child.childDocumentId,
          documentNumber: child.documentNumber,
          details: command.details,
          ...(newFile ? { file: newFile, previousFile: child.file } : {}),
          changes,
        },
      },
    ],
  };
}

function decideDeactivateChild(state: ChangeOrderState, command: DeactivateChild): Decision<DocumentEvent> {
  const child = state.children.find((c) => c.childDocumentId === command.childDocumentId && c.active);
  if (!child) return refused('child-not-found');
  if (state.children.filter((c) => c.active).length === 1) return refused('last-child');
  return {
    events: [
      {
        type: 'ChildDocumentDeactivated',
        data: {
          ...signedBy(state, command),
          childDocumentId: child.childDocumentId,
          documentNumber: child.documentNumber,
          obsoleteDate: command.today,
          ...(command.reason?.trim() ? { reason: command.reason.trim() } : {}),
        },
      },
    ],
  };
}

function decideDeactivate(state: ChangeOrderState, command: DeactivateChangeOrder): Decision<DocumentEvent> {
  return { events: [{ type: 'ChangeOrderDeactivated', data: { ...signedBy(state, command), obsoleteDate: command.today } }] };
}

/** The authoring commands on a change order; all but its creation only while it awaits its decision. */
export const authoringDecider = changeOrderDeciderOf<AuthoringCommand>((command, state) => {
  if (command.type === 'CreateChangeOrder') return decideCreate(state, command);
  const refusal = authoringRefusal(state);
  if (refusal) return refused(refusal);
  switch (command.type) {
    case 'UpdateParent':
      return decideUpdateParent(state, command);
    case 'AddSupportingFiles':
      return decideAddFiles(state, command);
    case 'DeleteSupportingFile':
      return decideDeleteFile(state, command);
    case 'AddChild':
      return decideAddChild(state, command);
    case 'UpdateChild':
      return decideUpdateChild(state, command);
    case 'DeactivateChild':
      return decideDeactivateChild(state, command);
    case 'DeactivateChangeOrder':
      return decideDeactivate(state, command);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
});
