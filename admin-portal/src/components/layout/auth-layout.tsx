import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { AppFooter } from './app-footer';
import { BrandMark, PRODUCT_NAME } from './brand';
import { RouteProgress } from './route-progress';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/**
 * The public screens: the product name on a dark band and one card below it. The band is sized by what it holds (not
 * a share of the window's height), so the white product name is on the dark colour at every window size; the card
 * overlaps the band's lower edge and keeps its top where it is whatever its height.
 */
export const AuthLayout = ({ title, subtitle, children }: AuthLayoutProps) => (
  <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <RouteProgress />
    <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Box
        data-testid="auth-band"
        sx={{
          width: '100%',
          display: 'flex',
          justifyContent: 'center',
          pt: { xs: 6, sm: 10 },
          pb: { xs: 12, sm: 14 },
          background: (theme) => `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, px: 2 }} data-testid="auth-brand">
          <BrandMark inverted />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'common.white' }} data-testid="product-name">
            {PRODUCT_NAME}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ width: 'calc(100% - 32px)', maxWidth: 420, mt: { xs: -9, sm: -11 }, pb: 4 }}>
        <Card elevation={4} sx={{ borderRadius: 3 }} data-testid="auth-card">
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} gutterBottom>
              {title}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            ) : null}
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
    <AppFooter />
  </Box>
);
