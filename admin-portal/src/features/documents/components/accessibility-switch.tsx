import type { ChangeOrderView } from '@ifu/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';
import { useSession } from '@/lib/app-state';

import { useDecideAccessibility } from '../api/decide-accessibility';
import { useUpdateIsInternal } from '../api/update-is-internal';

import { AccessibilityChip } from './change-order-chips';

type Switched = Pick<ChangeOrderView, 'parentChangeId' | 'documentId' | 'customerName' | 'isInternal'> &
  Partial<Pick<ChangeOrderView, 'status' | 'pendingAccessibility' | 'mayDecideAccessibility' | 'version'>>;

/**
 * An Online/Offline change left pending in the log from when switches of approved change orders waited for the
 * approver's signature: shown until it is signed, rejected or overtaken by a switch (which is at once).
 */
export const pendingAccessibilityText = (pending: { isInternal: boolean }) =>
  `Change to ${pending.isInternal ? 'Offline' : 'Online'} pending the approver's signature`;

/**
 * Why the requester of a pending change is offered neither Sign nor Reject (the server refuses the requester: four
 * eyes): said at once, rather than after they typed a reason. Undefined when they may decide, or did not request it.
 */
export const ownAccessibilityRequestText = (changeOrder: Switched, viewerId: string | undefined): string | undefined => {
  const pending = changeOrder.pendingAccessibility;
  if (!pending || changeOrder.mayDecideAccessibility || !viewerId || pending.requestedBy?.id !== viewerId) return undefined;
  return 'You requested this change, so you cannot sign or reject it. The switch takes effect at once, if the change is still wanted.';
};

/** What switching does, in words: who sees what, at once. */
export const accessibilityEffect = ({ documentId, customerName }: Switched, toOnline: boolean) =>
  toOnline
    ? `Its documents appear in ${customerName}’s public search at once: every visitor with a search link can find and download them.`
    : `Its documents disappear from ${customerName}’s public search at once: no visitor can find or download them until it is switched Online again. Staff still see ${documentId}.`;

/**
 * An ADMIN's Online/Offline switch on a decided change order (spec §4). The switch asks first: a dialog names the
 * effect on every visitor of the customer and asks why (a required reason here, recorded in the event with who switched
 * it and shown in the audit trail). Confirmed, it takes effect at once (approved or rejected, in both directions; the
 * approver is told by mail) and the page reloads. A change left pending in the log never holds it back.
 */
export const AccessibilitySwitch = ({ changeOrder }: { changeOrder: Switched }) => {
  const [toOnline, setToOnline] = useState<boolean>();
  const update = useUpdateIsInternal({ mutationConfig: { onSuccess: () => window.location.reload() } });
  const online = update.isPending ? update.variables.isInternal === false : !changeOrder.isInternal;
  const target = toOnline ? 'Online' : 'Offline';
  const pending = changeOrder.pendingAccessibility ?? null;
  const ownRequest = ownAccessibilityRequestText(changeOrder, useSession()?.id);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <AccessibilityChip isInternal={!online} />
      <Switch
        checked={online}
        disabled={update.isPending || toOnline !== undefined}
        onChange={(_event, checked) => setToOnline(checked)}
        slotProps={{ input: { 'aria-label': 'Online' } }}
        data-testid="accessibility-switch"
      />
      {pending ? (
        <Typography variant="body2" color="warning.dark" data-testid="pending-accessibility">
          {pendingAccessibilityText(pending)}
          {pending.requestedBy ? ` (requested by ${pending.requestedBy.name}: ${pending.reason})` : ` (${pending.reason})`}
        </Typography>
      ) : null}
      {ownRequest ? (
        <Typography variant="body2" color="textSecondary" sx={{ flexBasis: '100%' }} data-testid="own-accessibility-request">
          {ownRequest}
        </Typography>
      ) : null}
      {pending && changeOrder.mayDecideAccessibility && changeOrder.version !== undefined ? (
        <PendingAccessibilityDecision changeOrder={{ ...changeOrder, version: changeOrder.version }} pending={pending} />
      ) : null}
      {toOnline === undefined ? null : (
        <SignedConfirmDialog
          name="accessibility"
          title={`Switch ${changeOrder.documentId} ${target}?`}
          question={accessibilityEffect(changeOrder, toOnline)}
          signature="none"
          reason={{ required: true, helperText: 'Why: recorded with your name in the audit trail.' }}
          submitLabel={`Switch ${target}`}
          submitColor={toOnline ? 'primary' : 'error'}
          mutation={update}
          variables={({ reason }) => ({ parentDocumentChangeId: changeOrder.parentChangeId, isInternal: !toOnline, reason })}
          showServerError
          phoneMargins
          maxWidth="sm"
          autoFocus
          onClose={() => {
            update.reset();
            setToOnline(undefined);
          }}
        />
      )}
    </Stack>
  );
};

/**
 * The change order's approver decides a pending Online/Offline change: Sign the change, or Reject it with a
 * reason, each with their own username and password; the server re-checks who may (the approver policy).
 */
const PendingAccessibilityDecision = ({
  changeOrder,
  pending,
}: {
  changeOrder: Switched & { version: number };
  pending: { isInternal: boolean };
}) => {
  const [approve, setApprove] = useState<boolean>();
  const decide = useDecideAccessibility({ mutationConfig: { onSuccess: () => window.location.reload() } });
  const target = pending.isInternal ? 'Offline' : 'Online';
  return (
    <>
      <Button size="small" variant="contained" color="success" onClick={() => setApprove(true)} data-testid="accessibility-sign">
        Sign change
      </Button>
      <Button size="small" color="error" onClick={() => setApprove(false)} data-testid="accessibility-reject">
        Reject change
      </Button>
      {approve === undefined ? null : (
        <SignedConfirmDialog
          name="accessibility-decision"
          title={approve ? `Sign: ${changeOrder.documentId} ${target}` : `Reject: ${changeOrder.documentId} ${target}`}
          question={
            approve
              ? `${accessibilityEffect(changeOrder, !pending.isInternal)} Sign with your own username and password.`
              : `${changeOrder.documentId} stays ${changeOrder.isInternal ? 'Offline' : 'Online'}. Sign with your own username and password.`
          }
          reason={approve ? undefined : { required: true }}
          submitLabel={approve ? 'Sign' : 'Reject'}
          submitColor={approve ? 'success' : 'error'}
          mutation={decide}
          variables={({ username, password, reason }) => ({
            data: { parentChangeId: changeOrder.parentChangeId, approve, username, password, reason },
            version: changeOrder.version,
          })}
          showServerError
          phoneMargins
          maxWidth="sm"
          autoFocus
          onClose={() => {
            decide.reset();
            setApprove(undefined);
          }}
        />
      )}
    </>
  );
};
