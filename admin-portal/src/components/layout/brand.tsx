import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Avatar from '@mui/material/Avatar';

export const PRODUCT_NAME = 'IFU Portal';

export const BrandMark = ({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) => (
  <Avatar
    aria-hidden
    variant="rounded"
    sx={{
      width: size,
      height: size,
      bgcolor: inverted ? 'common.white' : 'primary.main',
      color: inverted ? 'primary.main' : 'common.white',
    }}
  >
    <DescriptionOutlined sx={{ fontSize: size * 0.6 }} />
  </Avatar>
);
