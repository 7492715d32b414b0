import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { AppBreadcrumbs, type Crumb } from './AppBreadcrumbs.tsx';
import { usePageTitle } from './page-title.tsx';

interface PageHeaderProps {
  /** Shown in the top bar and the browser tab. */
  title: string;
  breadcrumbs?: Crumb[];
  /** Buttons on the right (Create User, Back to patient, ...). */
  actions?: ReactNode;
}

export function PageHeader({ title, breadcrumbs, actions }: PageHeaderProps) {
  usePageTitle(title);
  if (!breadcrumbs && !actions) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 2, minHeight: 40 }}
    >
      {breadcrumbs ? <AppBreadcrumbs items={breadcrumbs} /> : <span />}
      {actions ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
