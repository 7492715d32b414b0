import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAuth } from '@/lib/auth.ts';

export function AvatarMenu() {
  const { session, signOut } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session) return null;
  return (
    <>
      <Tooltip title={session.fullName}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          // The name holds the initials it shows (WCAG 2.5.3: a visible label is part of the name).
          aria-label={`${session.avatar} Account menu`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: 15, fontWeight: 600 }}>
            {session.avatar}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{session.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {session.username}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            signOut('logout');
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Log Out
        </MenuItem>
      </Menu>
    </>
  );
}
