import { PERIODIC_REVIEW_MESSAGES } from '@ifu/contracts';
import type { ChangeOrderView, PeriodicReviewOutcome } from '@ifu/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { DayPicker } from '@/components/ui/day-picker';
import { notify } from '@/components/ui/notifications';
import { SignedConfirmDialog } from '@/components/ui/signed-confirm-dialog';
import { paths } from '@/config/paths';

import { useCompletePeriodicReview } from '../api/complete-periodic-review';
import { DOCUMENTS_QUERY_KEY } from '../api/get-document-list';
import { useSetReviewDate } from '../api/set-review-date';

import { formatEffectiveDate } from './change-order-format';

type Reviewed = Pick<ChangeOrderView, 'parentChangeId' | 'documentId' | 'periodicReview' | 'version'>;

/** The list's and the view's badge of a periodic review whose date has passed unreviewed. */
export const ReviewOverdueChip = () => (
  <Chip size="small" color="error" variant="outlined" label={PERIODIC_REVIEW_MESSAGES.reviewOverdue} data-testid="review-overdue" />
);

/**
 * The view's Review date fact (EU GMP Annex 11 §11): the day the next periodic review is due, Review
 * overdue once it has passed, the last review, and what the caller may do: Complete periodic review (an ADMIN who did
 * not write it: the server's `mayComplete`) and Change review date (its author or an ADMIN: `maySetDate`).
 */
export const PeriodicReviewFact = ({ changeOrder }: { changeOrder: Reviewed }) => {
  const [dialog, setDialog] = useState<'complete' | 'date'>();
  const { reviewDate, overdue, lastReview, mayComplete, maySetDate } = changeOrder.periodicReview;
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="review-date">
          {reviewDate ? formatEffectiveDate(reviewDate) : lastReview?.outcome === 'revise' ? 'None: to be revised' : '—'}
        </Typography>
        {overdue ? <ReviewOverdueChip /> : null}
      </Stack>
      {lastReview ? (
        <Typography variant="caption" color="textSecondary" data-testid="last-review">
          Last reviewed {formatEffectiveDate(lastReview.completedAt.slice(0, 10))} by {lastReview.signedBy}:{' '}
          {lastReview.outcome === 'still-valid' ? PERIODIC_REVIEW_MESSAGES.stillValid.toLowerCase() : 'to be revised'}
        </Typography>
      ) : null}
      {mayComplete || maySetDate ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {mayComplete ? (
            <Button size="small" variant="contained" onClick={() => setDialog('complete')} data-testid="complete-review">
              {PERIODIC_REVIEW_MESSAGES.completeReview}
            </Button>
          ) : null}
          {maySetDate ? (
            <Button size="small" variant="outlined" onClick={() => setDialog('date')} data-testid="change-review-date">
              {PERIODIC_REVIEW_MESSAGES.changeReviewDate}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {dialog === 'complete' ? <CompleteReviewDialog changeOrder={changeOrder} onClose={() => setDialog(undefined)} /> : null}
      {dialog === 'date' ? <ReviewDateDialog changeOrder={changeOrder} onClose={() => setDialog(undefined)} /> : null}
    </Stack>
  );
};

/**
 * The signed periodic review: Still valid (the next review date, 12 months ahead unless another is chosen) or Revise
 * (the author then revises and resubmits it; it stays approved and public until the revision is approved). Signed
 * with the reviewer's own username and password; the server re-checks who may.
 */
const CompleteReviewDialog = ({ changeOrder, onClose }: { changeOrder: Reviewed; onClose: () => void }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<PeriodicReviewOutcome>('still-valid');
  const [nextReviewDate, setNextReviewDate] = useState('');
  const complete = useCompletePeriodicReview({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onClose();
        void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
        // The reviewer who may revise it (an author who is also an ADMIN cannot sign its review) goes on to the wizard.
        if (response.document.mayRevise) void navigate(paths.app.documents.revise.getHref(changeOrder.parentChangeId));
      },
    },
  });
  return (
    <SignedConfirmDialog
      name="periodic-review"
      title={`${PERIODIC_REVIEW_MESSAGES.completeReview}: ${changeOrder.documentId}`}
      question={
        <Stack spacing={2}>
          <Typography variant="body2">
            Confirm that {changeOrder.documentId} is still valid, or that it must be revised. Your electronic signature means periodic review.
          </Typography>
          <FormControl>
            <FormLabel id="periodic-review-outcome">Outcome</FormLabel>
            <RadioGroup aria-labelledby="periodic-review-outcome" value={outcome} onChange={(_event, value) => setOutcome(value as PeriodicReviewOutcome)}>
              <FormControlLabel value="still-valid" control={<Radio />} label={`${PERIODIC_REVIEW_MESSAGES.stillValid}: the next review is due on the date below`} />
              <FormControlLabel
                value="revise"
                control={<Radio />}
                label={`${PERIODIC_REVIEW_MESSAGES.revise}: its author revises and resubmits it; it stays public until the revision is approved`}
              />
            </RadioGroup>
          </FormControl>
          {outcome === 'still-valid' ? (
            <DayPicker
              label="Next review date"
              name="nextReviewDate"
              value={nextReviewDate}
              onChange={setNextReviewDate}
              helperText="Leave empty for 12 months from today"
              testId="next-review-date"
            />
          ) : null}
        </Stack>
      }
      reason={{ required: false, label: 'Comments' }}
      submitLabel="Sign review"
      submitColor="primary"
      mutation={complete}
      variables={({ username, password, reason }) => ({
        data: {
          parentChangeId: changeOrder.parentChangeId,
          outcome,
          ...(outcome === 'still-valid' && nextReviewDate ? { nextReviewDate } : {}),
          ...(reason ? { comments: reason } : {}),
          username,
          password,
        },
        version: changeOrder.version,
      })}
      showServerError
      phoneMargins
      maxWidth="sm"
      autoFocus
      onClose={() => {
        complete.reset();
        onClose();
      }}
    />
  );
};

/** Moving the review date: after today and at most 5 years ahead (the server's rule), with a reason for the audit trail. */
const ReviewDateDialog = ({ changeOrder, onClose }: { changeOrder: Reviewed; onClose: () => void }) => {
  const queryClient = useQueryClient();
  const [reviewDate, setReviewDate] = useState(changeOrder.periodicReview.reviewDate ?? '');
  const update = useSetReviewDate({
    mutationConfig: {
      onSuccess: (response) => {
        notify('success', response.message);
        onClose();
        void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      },
    },
  });
  return (
    <SignedConfirmDialog
      name="review-date"
      title={`${PERIODIC_REVIEW_MESSAGES.changeReviewDate}: ${changeOrder.documentId}`}
      question={
        <Stack spacing={2}>
          <Typography variant="body2">The review date must be after today and at most 5 years ahead. Why: recorded with your name in the audit trail.</Typography>
          <DayPicker
            label={PERIODIC_REVIEW_MESSAGES.reviewDate}
            name="reviewDate"
            value={reviewDate}
            onChange={setReviewDate}
            required
            testId="review-date-input"
          />
        </Stack>
      }
      signature="none"
      reason={{ required: true }}
      submitLabel="Save"
      submitColor="primary"
      mutation={update}
      variables={({ reason }) => ({ data: { parentChangeId: changeOrder.parentChangeId, reviewDate, reason }, version: changeOrder.version })}
      showServerError
      phoneMargins
      maxWidth="sm"
      autoFocus
      onClose={() => {
        update.reset();
        onClose();
      }}
    />
  );
};
