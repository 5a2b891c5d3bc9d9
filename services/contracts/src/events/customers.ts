import type { Signature } from '../signatures';

export interface StoredFile {
  /** Content address: the file lives under FILES_DIR with this name. */
  sha256: string;
  contentType: string;
  size: number;
}

export interface CustomerDetails {
  customerName: string;
  contactEmail: string;
  contactInformation: string;
  countryExclusionList: string;
  customerWebsiteLink: string;
  approverId: string;
}

/**
 * Events of the `customer-<id>` streams. `registeredBy` and `editedBy` name the staff member (absent on events from
 * before they were recorded): the creator and the last editor of a customer never decide on it.
 */
export type CustomerEvent =
  | { type: 'CustomerRegistered'; data: { customerId: string; logo: StoredFile; registeredBy?: string } & CustomerDetails }
  | { type: 'CustomerUpdated'; data: { customerId: string; changed: string[]; editedBy?: string } & CustomerDetails }
  | { type: 'CustomerLogoChanged'; data: { customerId: string; customerName: string; logo: StoredFile; editedBy?: string } }
  /** An approved customer's name, email, website or approver changed: it needs a new decision. */
  | { type: 'CustomerApprovalWithdrawn'; data: { customerId: string; customerName: string; changed: string[] } }
  | {
      type: 'CustomerApproved';
      data: { customerId: string; customerName: string; approvedDate: string; changeDescription: string; signature: Signature };
    }
  /**
   * An ADMIN chose whether the customer's visitors need the emailed link (false, the spec's behaviour and the default)
   * or may search and download without one (true: an open eIFU site, issue 20). Not signed, like a document's
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
