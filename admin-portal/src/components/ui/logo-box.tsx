import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Logo preview size (spec §9). */
export const LOGO_SIZE = 100;

const size = { width: LOGO_SIZE, height: LOGO_SIZE };

type LogoBoxProps = { src?: string; alt: string; loading?: boolean; testId?: string };

/** A 100×100 frame showing an image whole (letterboxed), a spinner while loading, or an empty-image mark. */
export const LogoBox = ({ src, alt, loading, testId }: LogoBoxProps) => (
  <Box
    sx={{
      ...size,
      flex: 'none',
      display: 'grid',
      placeItems: 'center',
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      bgcolor: 'background.paper',
      overflow: 'hidden',
    }}
  >
    {src ? (
      <Box component="img" src={src} alt={alt} {...size} sx={{ ...size, objectFit: 'contain', display: 'block' }} data-testid={testId} />
    ) : loading ? (
      <CircularProgress size={24} aria-label={`Loading ${alt}`} />
    ) : (
      <ImageOutlined color="disabled" aria-label={`No ${alt}`} />
    )}
  </Box>
);
