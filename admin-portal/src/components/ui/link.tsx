import MuiLink from '@mui/material/Link';
import type { LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { LinkProps as RouterLinkProps } from 'react-router-dom';

export type LinkProps = Omit<MuiLinkProps, 'href'> & Pick<RouterLinkProps, 'to' | 'state' | 'replace'>;

/** An MUI link that navigates with the router. */
export const Link = (props: LinkProps) => <MuiLink component={RouterLink} {...props} />;
