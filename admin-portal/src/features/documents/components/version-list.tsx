import type { DocumentVersion } from '@ifu/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { paths } from '@/config/paths';

import { formatEffectiveDate, versionChange } from './change-order-format';

const docs = paths.app.documents;

/** Earlier approved versions of a child, newest first: each with its dates and what changed from it to the next. */
export const VersionList = ({ versions, labelledBy }: { versions: readonly DocumentVersion[]; labelledBy: string }) => (
  <Box component="ul" aria-labelledby={labelledBy} sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="child-versions">
    {versions.map((version, index) => (
      <Box
        component="li"
        key={version.childDocumentId}
        data-testid="child-version"
        sx={{ py: 1, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
      >
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={docs.view.getHref(version.parentChangeId)} sx={{ fontWeight: 600 }} data-testid="version-number">
            {version.documentNumber}
          </Link>
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="version-dates">
          Published {formatEffectiveDate(version.effectiveDate)}
          {version.obsoleteDate ? ` · Obsolete ${formatEffectiveDate(version.obsoleteDate)}` : ''}
        </Typography>
        {version.changes.length > 0 ? (
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="version-changes">
            {version.changes.map((change) => {
              const shown = versionChange(change);
              return (
                <Typography component="li" variant="body2" key={change.field} sx={{ overflowWrap: 'anywhere' }} data-testid="version-change">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {shown.label}
                  </Box>
                  : {shown.old || '—'} → {shown.new || '—'}
                </Typography>
              );
            })}
          </Box>
        ) : null}
      </Box>
    ))}
  </Box>
);
