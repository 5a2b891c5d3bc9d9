import type { AuditTrailReviewsResponse } from '@ifu/contracts';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';

import { useReviews } from '../api/get-reviews';

import { localTime, MEANING_LABEL, shownAuditDay, utcTime } from './format';
import { SignReviewDialog } from './sign-review-dialog';

const Reviewed = ({ reviews }: { reviews: AuditTrailReviewsResponse['reviews'] }) =>
  reviews.length === 0 ? (
    <Typography color="textSecondary">No review has been signed yet.</Typography>
  ) : (
    <TableContainer tabIndex={0} role="region" aria-label="Signed reviews (scrolls sideways)">
      <Table size="small" aria-label="Signed reviews" data-testid="reviews-table">
        <TableHead>
          <TableRow>
            <TableCell scope="col">Date Start</TableCell>
            <TableCell scope="col">Date End</TableCell>
            <TableCell scope="col">Reviewed by</TableCell>
            <TableCell scope="col">Signed</TableCell>
            <TableCell scope="col">Comments</TableCell>
            <TableCell scope="col">Chain position</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reviews.map((review) => (
            <TableRow key={review.reviewId} data-testid="review-row">
              <TableCell>{shownAuditDay(review.from)}</TableCell>
              <TableCell>{shownAuditDay(review.to)}</TableCell>
              <TableCell>
                {review.signature.name}
                <Typography variant="caption" component="div" color="textSecondary">
                  {review.signature.email}
                </Typography>
              </TableCell>
              <TableCell>
                {utcTime(review.signature.signedAt)}
                <Typography variant="caption" component="div" color="textSecondary">
                  {MEANING_LABEL[review.signature.meaning]} · {localTime(review.signature.signedAt)}
                </Typography>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{review.comments || '—'}</TableCell>
              <TableCell>#{review.position}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

/**
 * Which stretches of the audit trail are reviewed (by whom, when) and which are not, from the log's first event up to
 * now; and the signed review of a date range.
 */
export const ReviewsPanel = () => {
  const reviews = useReviews();
  const [signing, setSigning] = useState(false);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="reviews-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="reviews-panel">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="reviews-title" variant="h6" component="h2">
          Audit Trail Reviews
        </Typography>
        <Button className="no-print" variant="contained" startIcon={<FactCheckOutlined />} onClick={() => setSigning(true)} data-testid="sign-review">
          Sign Review
        </Button>
      </Box>
      {reviews.isError ? (
        <RetryAlert onRetry={() => void reviews.refetch()}>{errorMessage(reviews.error)}</RetryAlert>
      ) : reviews.data ? (
        <>
          <Reviewed reviews={reviews.data.reviews} />
          <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
            Not yet reviewed
          </Typography>
          {reviews.data.unreviewed.length === 0 ? (
            <Alert severity="success" data-testid="unreviewed-none">
              Every stretch of the audit trail up to now is covered by a signed review.
            </Alert>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="unreviewed">
              {reviews.data.unreviewed.map((gap) => (
                <li key={gap.from}>
                  <Typography variant="body2">
                    {utcTime(gap.from)} to {utcTime(gap.until)}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </>
      ) : (
        <Typography color="textSecondary">Loading reviews…</Typography>
      )}
      {signing ? <SignReviewDialog onClose={() => setSigning(false)} /> : null}
    </Paper>
  );
};
