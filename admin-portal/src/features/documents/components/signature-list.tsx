import type { Signature } from '@ifu/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { formatUtcDateTime, SIGNATURE_MEANING_LABEL } from './change-order-format';

/** The electronic signatures on a record: printed name (and email), date and time in UTC, meaning. */
export const SignatureList = ({ signatures, testId }: { signatures: readonly Signature[]; testId: string }) =>
  signatures.length === 0 ? (
    <Typography variant="body2" color="textSecondary">
      No signatures
    </Typography>
  ) : (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid={testId}>
      {signatures.map((signature, index) => (
        <Box
          component="li"
          key={`${signature.signedAt}-${index}`}
          data-testid="signature"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.4fr)' },
            columnGap: 2,
            py: 0.75,
            borderTop: index === 0 ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }} data-testid="signature-name">
              {signature.name}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              ({signature.email})
            </Box>
          </Typography>
          <Typography variant="body2" data-testid="signature-meaning">
            {SIGNATURE_MEANING_LABEL[signature.meaning]}
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid="signature-time">
            {formatUtcDateTime(signature.signedAt)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
