import type { Request, Response } from 'express';
import type { CustomerStatus, CustomerSummary, CustomerView, Role } from '@ifu/contracts';
import { type CustomerRecord, customerListProjection, findCustomerById } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import type { Config } from '../platform/config';
import { refuse } from '../platform/errors';
import { runCommand, setVersion } from '../platform/http';
import { awaitsDecision, decisionRefusal } from './permissions';

/** An approved customer's public search URL (spec §2.4): the customer portal's page named after the customer. */
export const searchUrlOf = (config: Pick<Config, 'PUBLIC_CUSTOMER_URL'>, customerName: string): string =>
  `${config.PUBLIC_CUSTOMER_URL}/docSearch/${encodeURIComponent(customerName)}`;

/** What a USER sees of a customer: what the document screens need. */
export const toCustomerSummary = (ctx: AppContext, record: CustomerRecord): CustomerSummary => ({
  id: record.id,
  customerName: record.customerName,
  logoUrl: record.logo ? `${ctx.config.PUBLIC_API_URL}/customer/logo/${record.id}` : null,
  status: record.status,
});

/**
 * A customer as an ADMIN sees it; `canDecide` says whether the viewer may approve or reject it now, by the decider's
 * rule (`decisionRefusal`, the approver policy) on the facts the decider folds, which the read model keeps too (its
 * creator and last editor).
 */
export function toCustomerView(ctx: AppContext, record: CustomerRecord, viewer: { userId: string; role: Role }): CustomerView {
  const facts = {
    exists: true,
    approverId: record.approverId,
    status: record.status as CustomerStatus,
    pendingApproverId: record.pendingChange?.details.approverId ?? null,
    createdBy: record.createdBy,
    lastEditedBy: record.lastEditedBy,
  };
  const refusal = decisionRefusal(facts, { id: viewer.userId, role: viewer.role });
  return {
    id: record.id,
    customerName: record.customerName,
    contactEmail: record.contactEmail,
    contactInformation: record.contactInformation,
    countryExclusionList: record.countryExclusionList,
    customerWebsiteLink: record.customerWebsiteLink,
    approverId: record.approverId,
    visitorAccess: record.visitorAccess,
    approver: record.approver,
    logoUrl: record.logo ? `${ctx.config.PUBLIC_API_URL}/customer/logo/${record.id}` : null,
    status: record.status,
    approvedDate: record.approvedDate,
    searchUrl: record.status === 'APPROVED' ? searchUrlOf(ctx.config, record.customerName) : null,
    decision: record.decision,
    createdAt: record.createdAt,
    // The ADMIN's switch (View Customer); the record's choice `open` is shown as `visitorAccess`.
    openAccess: record.openAccessSwitch,
    version: record.version,
    canDecide: refusal === undefined,
    delegatedFrom: record.delegatedFrom,
    approverIsAuthor: refusal === 'approver-is-author',
    mayReassign: viewer.role === 'ADMIN' && awaitsDecision(facts),
    pendingChange: pendingChangeView(ctx, record),
    changeRejection: record.changeRejection && {
      changed: record.changeRejection.changes.map((change) => change.field),
      reason: record.changeRejection.reason,
      signature: record.changeRejection.signature,
    },
  };
}

/** The change waiting for the approver, as staff see it beside the approved values. */
function pendingChangeView(ctx: AppContext, record: CustomerRecord): CustomerView['pendingChange'] {
  const pending = record.pendingChange;
  if (!pending) return null;
  return {
    ...pending.details,
    approver: pending.approver,
    delegatedFrom: pending.delegatedFrom,
    logoUrl: pending.logo ? `${ctx.config.PUBLIC_API_URL}/customer/pendingLogo/${record.id}` : null,
    changed: pending.changed,
    proposedAt: pending.proposedAt,
  };
}

/** The read model a customer command's answer waits for: the answer shows the command's outcome. */
const READ_MODELS = [customerListProjection.name];

/** What a customer command answers: its message and the customer it changed. */
export interface CustomerAnswer {
  message: string;
  customerId: string;
}

/**
 * Every customer command's route: the command run and settled (`runCommand`), then answered with the customer as the
 * read model shows it, its version the ETag.
 */
export async function answerWithCustomer(ctx: AppContext, req: Request, res: Response, work: (run: CommandRun) => Promise<CustomerAnswer>): Promise<void> {
  const { result } = await runCommand(ctx, req, READ_MODELS, work);
  const record = await findCustomerById(ctx.db, result.customerId);
  if (!record) refuse('customer-not-found');
  setVersion(res, record.version);
  res.json({ message: result.message, customer: toCustomerView(ctx, record, req.auth!) });
}
