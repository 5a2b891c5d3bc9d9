import CheckCircle from '@mui/icons-material/CheckCircle';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import { useOpenDocumentFile } from '../api/use-open-document-file';

/**
 * A file opened in a new tab through the download call, which records the opening; a check mark once the caller has
 * opened it (spec §2.12), as the server says.
 */
export const FileLink = ({ id, name, opened, testId }: { id: string; name: string; opened: boolean; testId: string }) => {
  const open = useOpenDocumentFile();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <PictureAsPdfOutlined fontSize="small" color="action" aria-hidden />
      <Link
        component="button"
        type="button"
        onClick={() => void open(id)}
        sx={{ overflowWrap: 'anywhere', textAlign: 'left', verticalAlign: 'baseline' }}
        data-testid={testId}
      >
        {name}
      </Link>
      {opened ? <CheckCircle fontSize="small" color="success" titleAccess="Opened" data-testid="file-opened" /> : null}
    </Stack>
  );
};

