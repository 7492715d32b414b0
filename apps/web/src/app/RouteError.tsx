import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort screen for a crash or a screen whose code could not be loaded (e.g. after an update). */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? 'A newer version of DME Office is available.'
      : 'Something went wrong while showing this screen.';
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 460, textAlign: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {chunkFailed ? 'Please reload' : 'Unexpected error'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Paper>
    </Box>
  );
}
