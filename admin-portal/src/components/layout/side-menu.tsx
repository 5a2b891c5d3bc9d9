import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Logout from '@mui/icons-material/Logout';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';

type MenuItem = {
  label: string;
  to: string;
  icon: ReactElement;
  /** Path prefixes that mark the item as current. */
  activeFor: readonly string[];
  adminOnly?: boolean;
  /** Shows how many tasks wait for the user. */
  counted?: boolean;
};

const MENU: readonly MenuItem[] = [
  { label: 'Home', to: paths.home.getHref(), icon: <HomeOutlined />, activeFor: [] },
  { label: 'My tasks', to: paths.app.tasks.getHref(), icon: <AssignmentTurnedInOutlined />, activeFor: [paths.app.tasks.path], counted: true },
  { label: 'Documents', to: paths.app.documents.list.getHref(), icon: <DescriptionOutlined />, activeFor: ['/document/'] },
  {
    label: 'Paper Copies',
    to: paths.app.paperCopies.getHref(),
    icon: <LocalShippingOutlined />,
    activeFor: [paths.app.paperCopies.path],
    adminOnly: true,
  },
  {
    label: 'Manage User',
    to: paths.app.users.getHref(),
    icon: <PeopleOutline />,
    activeFor: [paths.app.users.path],
    adminOnly: true,
  },
  {
    label: 'Manage Customer',
    to: paths.app.customers.getHref(),
    icon: <BusinessOutlined />,
    activeFor: [paths.app.customers.path, '/addcustomer/'],
    adminOnly: true,
  },
  {
    label: 'Manage Notification',
    to: paths.app.notifications.getHref(),
    icon: <NotificationsOutlined />,
    activeFor: [paths.app.notifications.path, '/notification/'],
    adminOnly: true,
  },
  {
    label: 'Audit Trail Review',
    to: paths.app.auditReview.getHref(),
    icon: <FactCheckOutlined />,
    activeFor: [paths.app.auditReview.path],
    adminOnly: true,
  },
];

type SideMenuProps = {
  isAdmin: boolean;
  /** How many tasks wait for the user (My tasks); absent until known. */
  taskCount?: number;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
};

/**
 * Home, My tasks (with how many wait), Documents and, for ADMIN only, the three management screens, the paper copies
 * (their requesters' names and addresses) and the audit trail review; then Logout (spec §2.2).
 */
export const SideMenu = ({ isAdmin, taskCount, onNavigate, onLogout, loggingOut = false }: SideMenuProps) => {
  const { pathname } = useLocation();
  // Items a USER may not see are left out of the DOM, not hidden.
  const items = MENU.filter((item) => isAdmin || !item.adminOnly);

  return (
    <Box component="nav" aria-label="Main menu" data-testid="side-menu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <List sx={{ px: 1, py: 2 }}>
        {items.map((item) => {
          const selected = item.activeFor.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
          return (
            // A list holds list items only: each link sits in its <li>.
            <ListItem key={item.label} disablePadding sx={{ mb: 0.5 }}>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
                {item.counted && taskCount !== undefined ? (
                  <Chip
                    size="small"
                    color={taskCount > 0 ? 'primary' : 'default'}
                    label={taskCount}
                    data-testid="task-count"
                    sx={{ ml: 1, fontWeight: 600 }}
                  />
                ) : null}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Box sx={{ flex: 1 }} />
      <Divider />
      <Box sx={{ p: 2 }}>
        <Button
          fullWidth
          variant="outlined"
          color="inherit"
          startIcon={<Logout />}
          onClick={onLogout}
          disabled={loggingOut}
          data-testid="side-menu-logout"
        >
          Logout
        </Button>
      </Box>
    </Box>
  );
};
