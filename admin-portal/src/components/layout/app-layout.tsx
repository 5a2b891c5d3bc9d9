import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { paths } from '@/config/paths';

import { AccountMenu } from './account-menu';
import { AppFooter } from './app-footer';
import { BrandMark, PRODUCT_NAME } from './brand';
import { RouteProgress } from './route-progress';
import { SideMenu } from './side-menu';

const DRAWER_WIDTH = 248;

type AppLayoutProps = {
  accountName: string;
  isAdmin: boolean;
  /** How many tasks wait for the user: in the side menu, and on the phone's menu button. */
  taskCount?: number;
  onLogout: () => void;
  loggingOut?: boolean;
  children: ReactNode;
};

/** The logged-in shell: header, side menu, content and footer (spec §2.2). */
export const AppLayout = ({ accountName, isAdmin, taskCount, onLogout, loggingOut, children }: AppLayoutProps) => {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);

  const menu = (
    <SideMenu
      isAdmin={isAdmin}
      taskCount={taskCount}
      onLogout={onLogout}
      loggingOut={loggingOut}
      onNavigate={isDesktop ? undefined : () => setMobileOpen(false)}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <RouteProgress />
      <AppBar position="fixed" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }} data-testid="app-header">
        <Toolbar sx={{ gap: 1 }}>
          {isDesktop ? null : (
            // The menu's task count, seen before the menu opens: beside the button, not in its name (which stays
            // 'Open menu'); a screen reader hears the count in the menu itself.
            <Badge
              color="error"
              badgeContent={taskCount}
              max={99}
              overlap="circular"
              data-testid="menu-task-count"
              slotProps={{ badge: { 'aria-hidden': true } }}
            >
              <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
                <MenuIcon />
              </IconButton>
            </Badge>
          )}
          {/* Named by the product name at every width (on a phone its text is hidden and the mark alone shows). */}
          <Box
            component={RouterLink}
            to={paths.home.getHref()}
            aria-label={PRODUCT_NAME}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            <BrandMark size={32} inverted />
            {/* On a phone the mark alone names the product; the account name needs the room. */}
            <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
              {PRODUCT_NAME}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <AccountMenu name={accountName} onLogout={onLogout} loggingOut={loggingOut} />
        </Toolbar>
      </AppBar>

      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          // The open drawer is a modal dialog: it takes the name of the menu it holds.
          slotProps={{ paper: { 'aria-label': 'Main menu' } }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          {menu}
        </Drawer>
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
          {children}
        </Box>
        <AppFooter />
      </Box>
    </Box>
  );
};
