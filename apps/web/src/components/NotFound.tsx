import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';

export function NotFound() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, textAlign: 'center' }}>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 600 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
          The page you asked for does not exist or could not be loaded.
        </Typography>
        <Button component={RouterLink} to={paths.home} variant="contained">
          Go to Home
        </Button>
      </Paper>
    </Box>
  );
}
