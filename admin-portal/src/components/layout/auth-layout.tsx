import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { AppFooter } from './app-footer';
import { BrandMark, PRODUCT_NAME } from './brand';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The public screens: one centered card under the product name. */
export const AuthLayout = ({ title, subtitle, children }: AuthLayoutProps) => (
  <Box
    sx={{
      minHeight: '100dvh',
      display: 'flex',
      flexDirection: 'column',
      background: (theme) =>
        `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 35%, ${theme.palette.background.default} 35.1%)`,
    }}
  >
    <Box
      component="main"
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        pt: { xs: 6, sm: 4 },
        pb: 4,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3 }}>
          <BrandMark inverted />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'common.white' }} data-testid="product-name">
            {PRODUCT_NAME}
          </Typography>
        </Box>
        <Card elevation={4} sx={{ borderRadius: 3 }}>
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
