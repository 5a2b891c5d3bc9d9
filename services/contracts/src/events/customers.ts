import type { CustomerChangeField } from '../customers';
import type { Signature } from '../signatures';

export interface StoredFile {
  /** Content address: the file lives under FILES_DIR with this name. */
  sha256: string;
  contentType: string;
  size: number;
}

/**
 * Who may read the customer's documents without an emailed link: `emailed-link` (the spec's behaviour, the default),
 * `scanned-document` (a scanned label's document, its Digital Link or permalink, opens at once; search stays behind
 * the emailed link), `open` (open access: search and documents without a link).
 */
export const VISITOR_ACCESS_CHOICES = ['emailed-link', 'scanned-document', 'open'] as const;
export type VisitorAccess = (typeof VISITOR_ACCESS_CHOICES)[number];
export const DEFAULT_VISITOR_ACCESS: VisitorAccess = 'emailed-link';

export interface CustomerDetails {
  customerName: string;
  contactEmail: string;
  contactInformation: string;
  countryExclusionList: string;
  customerWebsiteLink: string;
  approverId: string;
  /** Absent on events from before the choice existed: the customer keeps what it had (at first `emailed-link`). */
  visitorAccess?: VisitorAccess;
}

/**
 * Events of the `customer-<id>` streams. `registeredBy` and `editedBy` name the staff member (absent on events from
 * before they were recorded): the creator and the last editor of a customer never decide on it.
 */
/** One field of a pending change: the approved value and the value waiting for the approver's signature. */
export interface CustomerFieldChange {
  field: CustomerChangeField;
  from: string;
  to: string;
}

export type CustomerEvent =
  /**
   * `delegatedFrom` (registration, an edit or a proposed change that chose the approver): the approver chosen was
   * absent that day, so `approverId` is their delegate and this the absent approver's id.
   */
  | { type: 'CustomerRegistered'; data: { customerId: string; logo: StoredFile; registeredBy?: string; delegatedFrom?: string } & CustomerDetails }
  | { type: 'CustomerUpdated'; data: { customerId: string; changed: string[]; editedBy?: string; delegatedFrom?: string } & CustomerDetails }
  | { type: 'CustomerLogoChanged'; data: { customerId: string; customerName: string; logo: StoredFile; editedBy?: string } }
  /**
   * An approved customer's name, email, website or approver changed and it went back to approval (off the public
   * portal). Not recorded any more (a change to an approved customer is a `CustomerChangeProposed`, so the approved
   * version stays public); kept for the logs that hold it.
   */
  | { type: 'CustomerApprovalWithdrawn'; data: { customerId: string; customerName: string; changed: string[] } }
  /**
   * A change to an APPROVED customer: it waits for the approver's signature while the approved version stays
   * public. `proposed` is the whole record as it will be, `logo` the new logo if the change brings one, `changed` the
   * fields that differ from the approved version. A later edit replaces the pending change; `customerName` is the
   * approved name.
   */
  | {
      type: 'CustomerChangeProposed';
      data: {
        customerId: string;
        customerName: string;
        proposed: CustomerDetails;
        logo?: StoredFile;
        changed: CustomerChangeField[];
        editedBy: string;
        delegatedFrom?: string;
      };
    }
  /**
   * An ADMIN gave a customer awaiting a decision to another approver (signed, meaning `reassignment`, with the reason):
   * the customer awaiting approval, or, with `pendingChange`, the change pending to an approved customer (whose
   * proposed approver becomes `to`, and the customer's approver once the change is approved). `to` is the delegate of
   * the approver the ADMIN chose when that one was absent that day (`delegatedFrom`).
   */
  | {
      type: 'CustomerApproverReassigned';
      data: {
        customerId: string;
        customerName: string;
        from: string;
        to: string;
        reason: string;
        reassignedBy: string;
        signature: Signature;
        pendingChange?: boolean;
        delegatedFrom?: string;
      };
    }
  /** An edit brought an approved customer back to its approved values: nothing is pending any more. */
  | { type: 'CustomerChangeWithdrawn'; data: { customerId: string; customerName: string; editedBy: string } }
  /** The approver signed the pending change: its values are the customer's now (`customerName` is the new name). */
  | {
      type: 'CustomerChangeApproved';
      data: {
        customerId: string;
        customerName: string;
        details: CustomerDetails;
        logo?: StoredFile;
        changes: CustomerFieldChange[];
        approvedDate: string;
        changeDescription: string;
        signature: Signature;
      };
    }
  /** The approver signed a rejection of the pending change: the approved version stays as it was. */
  | {
      type: 'CustomerChangeRejected';
      data: { customerId: string; customerName: string; changes: CustomerFieldChange[]; reason: string; changeDescription: string; signature: Signature };
    }
  | {
      type: 'CustomerApproved';
      data: { customerId: string; customerName: string; approvedDate: string; changeDescription: string; signature: Signature };
    }
  /**
   * An ADMIN chose whether the customer's visitors need the emailed link (false, the spec's behaviour and the default)
   * or may search and download without one (true: an open eIFU site). Not signed, like a document's
   * Online/Offline switch.
   */
  | { type: 'CustomerOpenAccessChanged'; data: { customerId: string; customerName: string; openAccess: boolean; changedBy: string } }
  | {
      type: 'CustomerRejected';
      data: { customerId: string; customerName: string; reason: string; changeDescription: string; signature: Signature };
    };

export const customerStreamId = (customerId: string) => `customer-${customerId}`;
/** `customer-name-<lowercased name>`: the public URL is built from the name, so names are unique. */
export const customerNameClaimStreamId = (name: string) => `customer-name-${name.trim().toLowerCase()}`;

export type CustomerNameClaimEvent =
  | { type: 'CustomerNameClaimed'; data: { customerName: string; customerId: string } }
  | { type: 'CustomerNameReleased'; data: { customerName: string; customerId: string } };
