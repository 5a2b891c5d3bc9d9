import type { DocumentSearchResult, SnippetPart } from '@ifu/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { paths } from '@/config/paths';
import { openDocumentFile } from '@/lib/api/document-download';
import { errorMessage } from '@/lib/api-client';

import { SEARCH_STATUS_LABEL, searchStatusOf, snippetText, type SearchStatus } from './search-format';

const STATUS_COLOR: Record<SearchStatus, ChipProps['color']> = {
  REQUIRE_APPROVAL: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  ARCHIVED: 'default',
};

/** A found document's badge: Approved, Approval Pending, Rejected, or Archived (replaced by a later approved version). */
export const SearchStatusChip = ({ result }: { result: Pick<DocumentSearchResult, 'status' | 'archived'> }) => {
  const status = searchStatusOf(result);
  return (
    <Chip
      size="small"
      label={SEARCH_STATUS_LABEL[status]}
      color={STATUS_COLOR[status]}
      variant={status === 'ARCHIVED' ? 'outlined' : 'filled'}
      data-testid="document-status"
      data-status={status}
    />
  );
};

/**
 * Where the words matched: plain text pieces, the matched ones marked. React writes every piece as text, so nothing
 * in a document's text is ever read as markup. Cut to three lines; the whole snippet is its tooltip.
 */
export const Snippet = ({ parts }: { parts: readonly SnippetPart[] }) => {
  if (parts.length === 0) return null;
  return (
    <Typography
      variant="caption"
      component="p"
      color="textSecondary"
      title={snippetText(parts)}
      data-testid="search-snippet"
      sx={{
        mt: 0.5,
        lineHeight: 1.45,
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        '& mark': { bgcolor: '#fff0a6', color: 'text.primary', fontWeight: 600, borderRadius: 0.5, px: 0.25 },
      }}
    >
      {parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </Typography>
  );
};

/** The Document ID: the child's document number, a link to its change order's page. */
export const DocumentNumberLink = ({ result }: { result: Pick<DocumentSearchResult, 'documentNumber' | 'parentChangeId'> }) => (
  <Link
    component={RouterLink}
    to={paths.app.documents.view.getHref(result.parentChangeId)}
    underline="hover"
    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    data-testid="search-document-link"
  >
    {result.documentNumber}
  </Link>
);

/**
 * The download icon (spec §2.8): the document's PDF in a new tab, through the signed link the server answers for it.
 * A link that cannot be had is said in a toast (the server's message).
 */
export const DownloadButton = ({ result }: { result: Pick<DocumentSearchResult, 'childDocumentId' | 'documentNumber'> }) => {
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    openDocumentFile(result.childDocumentId)
      .catch((error: unknown) => notify('error', errorMessage(error)))
      .finally(() => setOpening(false));
  };
  return (
    <IconButton
      size="small"
      color="primary"
      aria-label={`Download ${result.documentNumber}`}
      title="Download"
      disabled={opening}
      onClick={open}
      data-testid="search-download"
    >
      <FileDownloadOutlined fontSize="small" />
    </IconButton>
  );
};
