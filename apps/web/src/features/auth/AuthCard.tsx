import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Frame of the sign-in, forgot-password and reset-password screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #e6f0f3 0%, #f3f6f8 55%, #eef0f7 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 400 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.25, mb: 3 }}>
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 36, height: 36 }} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'primary.dark' }}>
            DME Office
          </Typography>
        </Box>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, boxShadow: '0 8px 24px rgba(16, 42, 56, 0.08)' }}
        >
          <Typography variant="h6" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
      </Box>
    </Box>
  );
}
