import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface SectionProps {
  title: string;
  /** A button on the right of the title (Add ...). */
  action?: ReactNode;
  /** The name a deep link's `?field=` gives this block (it takes the focus then). */
  field?: string;
  children: ReactNode;
}

/** A titled block inside a tab (Physician, Insurances, Diagnosis, HCPCS ...). */
export function Section({ title, action, field, children }: SectionProps) {
  return (
    <Box
      component="section"
      aria-label={title}
      data-field={field}
      tabIndex={field ? -1 : undefined}
      sx={{ outline: 'none', scrollMarginTop: 80 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, minHeight: 32 }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/** The muted line a list shows while it has no rows. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ py: 1, px: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      {children}
    </Typography>
  );
}
