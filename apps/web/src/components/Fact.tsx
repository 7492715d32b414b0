import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/**
 * One fact of a record shown read-only: a term and its value, a cell of a facts grid (put them in
 * `<Grid container component="dl">`). Four to a row from md up, two below; `wide` takes the row.
 */
export function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 6, md: 3 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}
