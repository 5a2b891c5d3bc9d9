import AccountCircle from '@mui/icons-material/AccountCircle';
import EventBusy from '@mui/icons-material/EventBusy';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LockReset from '@mui/icons-material/LockReset';
import Logout from '@mui/icons-material/Logout';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { paths } from '@/config/paths';

type AccountMenuProps = { name: string; onLogout: () => void; loggingOut?: boolean };

/** The account name in the header, a dropdown with Change Password and Logout (spec §2.2), and the user's own settings (absence, mail preference, second factor). */
export const AccountMenu = ({ name, onLogout, loggingOut = false }: AccountMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        startIcon={<AccountCircle />}
        endIcon={<ExpandMore />}
        data-testid="account-menu-button"
        sx={{ maxWidth: { xs: 180, sm: 320 }, minWidth: 0 }}
      >
        <span
          data-testid="account-name"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        // Rendered in the header next to its button, not at the end of <body>: the menu's content stays in the
        // page's banner landmark (and follows the button in reading order).
        container={anchor?.closest('header') ?? undefined}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to={paths.app.changePassword.getHref()} onClick={close}>
          <ListItemIcon>
            <LockReset fontSize="small" />
          </ListItemIcon>
          Change Password
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.app.absence.getHref()} onClick={close}>
          <ListItemIcon>
            <EventBusy fontSize="small" />
          </ListItemIcon>
          Absence
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.app.secondFactor.getHref()} onClick={close}>
          <ListItemIcon>
            <PhonelinkLock fontSize="small" />
          </ListItemIcon>
          Second factor
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.app.mailPreference.getHref()} onClick={close}>
          <ListItemIcon>
            <MarkEmailRead fontSize="small" />
          </ListItemIcon>
          Mail preference
        </MenuItem>
        <MenuItem
          disabled={loggingOut}
          onClick={() => {
            close();
            onLogout();
          }}
          data-testid="account-menu-logout"
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
};
