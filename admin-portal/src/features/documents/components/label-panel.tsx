import type { ChildDocumentView } from '@ifu/contracts';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { notify } from '@/components/ui/notifications';
import { useObjectUrl } from '@/hooks/use-object-url';
import { failureMessage } from '@/lib/api-client';

import { downloadLabelQr, type LabelQrFormat, useLabelQr } from '../api/label-qr';

import { labelStatus } from './label-status';

const QR_SIZE = 160;

/**
 * What the child's label prints (eIFU): its address (the GS1 Digital Link URI when the child has a GTIN,
 * else its permalink) and its QR code, to download as SVG (print) or PNG for the label artwork; and whether the
 * address answers yet (the address and code exist from the start, so that artwork can be prepared before approval).
 */
export const LabelPanel = ({ child, approved = true, effectiveDate }: { child: ChildDocumentView; approved?: boolean; effectiveDate?: string }) => {
  const status = labelStatus(approved, effectiveDate);
  const qr = useLabelQr(child.childDocumentId, child.labelUrl);
  const src = useObjectUrl(qr.data);
  const save = (format: LabelQrFormat) =>
    downloadLabelQr(child.childDocumentId, child.documentNumber, format).catch((error: unknown) => notify('error', failureMessage('Failed to download the QR code', error)));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }} data-testid="child-label">
      <Box sx={{ width: QR_SIZE, height: QR_SIZE, flex: 'none', display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider', bgcolor: '#fff' }}>
        {src ? (
          <Box component="img" src={src} alt={`QR code of ${child.labelUrl}`} width={QR_SIZE} height={QR_SIZE} data-testid="child-label-qr" />
        ) : qr.isError ? (
          <Typography variant="body2" color="error">QR code not available</Typography>
        ) : (
          <CircularProgress size={24} aria-label="Loading the QR code" />
        )}
      </Box>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="child-label-status" data-in-effect={status.inEffect}>
          {status.text}
        </Typography>
        <Typography variant="body2">
          {child.gtin ? 'The label’s GS1 Digital Link (GTIN and IFU Number):' : 'The label’s permanent address (add a GTIN to print a GS1 Digital Link):'}
        </Typography>
        <Link href={child.labelUrl} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }} data-testid="child-label-url">
          {child.labelUrl}
        </Link>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void save('svg')} aria-label={`Download the QR code of ${child.documentNumber} as SVG`}>
            QR code (SVG)
          </Button>
          <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void save('png')} aria-label={`Download the QR code of ${child.documentNumber} as PNG`}>
            QR code (PNG)
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
};
