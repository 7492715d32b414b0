import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';
import type { DashboardTile } from '@/components/areas.ts';
import { visibleTo } from '@/components/visible-to.ts';
import { usePageTitle } from '@/components/page-title.tsx';
import { useSession } from '@/lib/auth.ts';
import { dashboardTiles } from '../areas.ts';

function Tile({ tile }: { tile: DashboardTile }) {
  const Icon = tile.icon;
  return (
    <Card variant="outlined" sx={{ height: '100%', '&:hover': { borderColor: 'primary.light', boxShadow: 2 } }}>
      <CardActionArea
        component={RouterLink}
        to={tile.path}
        sx={{ height: '100%', p: 2.5, display: 'flex', alignItems: 'flex-start', gap: 2 }}
      >
        <Avatar
          variant="rounded"
          sx={{ bgcolor: 'rgba(23, 96, 122, 0.1)', color: 'primary.main', width: 44, height: 44 }}
        >
          <Icon />
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {tile.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {tile.description}
          </Typography>
        </Box>
        <ArrowForwardIcon fontSize="small" sx={{ color: 'text.secondary', mt: 0.5 }} />
      </CardActionArea>
    </Card>
  );
}

/** /home: one tile per area the signed-in role may use. */
export function Dashboard() {
  usePageTitle('Dashboard');
  const session = useSession();
  const tiles = dashboardTiles.filter(visibleTo(session.role_id));
  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Welcome, {session.fullName}
        </Typography>
        <Typography color="text.secondary">Choose where to start.</Typography>
      </Box>
      {tiles.length ? (
        <Grid container spacing={2} component="section" aria-label="Areas">
          {tiles.map((tile) => (
            <Grid key={tile.key} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}>
              <Tile tile={tile} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No areas are available for your role yet.</Typography>
        </Paper>
      )}
    </Box>
  );
}
