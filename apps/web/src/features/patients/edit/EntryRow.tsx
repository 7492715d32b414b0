import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One text entry (diagnosis, HCPCS, modifier) with its buttons on the right. */
export function EntryRow({
  code,
  text,
  actions,
  nested = false,
  children,
}: {
  /** A code shown before the text (a diagnosis's ICD-10 code). */
  code?: string;
  text: string;
  actions: ReactNode;
  nested?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        borderBottom: nested ? 0 : 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
        py: nested ? 0.25 : 0.75,
        // Lines up with the insurance table's cells above.
        px: nested ? 0 : 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          variant="body2"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            pt: 0.625,
            color: nested ? 'text.secondary' : 'text.primary',
          }}
        >
          {code ? (
            <Box component="span" sx={{ fontWeight: 600, mr: 1, fontVariantNumeric: 'tabular-nums' }}>
              {code}
            </Box>
          ) : null}
          {text}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

export function EntryList({
  label,
  children,
  nested = false,
}: {
  label: string;
  children: ReactNode;
  nested?: boolean;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        m: 0,
        p: 0,
        pl: nested ? 2.5 : 0,
        borderLeft: nested ? 2 : 0,
        borderColor: 'divider',
        ml: nested ? 0.5 : 0,
      }}
    >
      {children}
    </Box>
  );
}
