import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  /** Links every crumb but the last; the last one is the current screen. */
  to?: string;
  state?: unknown;
}

export function AppBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumbs aria-label="breadcrumb" separator={<NavigateNextIcon fontSize="small" />}>
      {items.map((crumb, index) => {
        const last = index === items.length - 1;
        if (!last && crumb.to) {
          return (
            <Link
              key={crumb.label}
              component={RouterLink}
              to={crumb.to}
              state={crumb.state}
              underline="hover"
              color="inherit"
            >
              {crumb.label}
            </Link>
          );
        }
        return (
          <Typography
            key={crumb.label}
            color={last ? 'text.primary' : 'text.secondary'}
            aria-current={last ? 'page' : undefined}
          >
            {crumb.label}
          </Typography>
        );
      })}
    </Breadcrumbs>
  );
}
