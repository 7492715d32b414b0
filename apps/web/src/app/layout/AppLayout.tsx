import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { Outlet } from 'react-router';
import { visibleTo } from '@/components/visible-to.ts';
import { PageTitleProvider, useCurrentPageTitle } from '@/components/page-title.tsx';
import { useSession } from '@/lib/auth.ts';
import { menuEntries } from '../areas.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { SideMenu } from './SideMenu.tsx';

export const DRAWER_WIDTH = 240;

function TopBarTitle() {
  const title = useCurrentPageTitle();
  return (
    <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
      {title}
    </Typography>
  );
}

/**
 * Signed-in shell: top bar with title and avatar menu, collapsible 240 px side menu. The menu
 * stays open beside the page from 1200 px up; on narrower screens (a 1024 px laptop) it would take
 * the tables' room, so it opens over the page from the menu button instead.
 */
export function AppLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'));
  const session = useSession();
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = desktop ? desktopOpen : mobileOpen;
  const entries = menuEntries.filter(visibleTo(session.role_id));

  const toggle = () => (desktop ? setDesktopOpen((v) => !v) : setMobileOpen((v) => !v));

  const brand = (
    <Toolbar sx={{ gap: 1.25, px: 2.5 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
      <Typography sx={{ fontWeight: 700, letterSpacing: 0.2, color: 'primary.dark' }}>DME Office</Typography>
    </Toolbar>
  );

  return (
    <PageTitleProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar
          position="fixed"
          color="primary"
          sx={{
            zIndex: (t) => (desktop ? t.zIndex.drawer + 1 : t.zIndex.appBar),
            width: { lg: desktopOpen ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%' },
            ml: { lg: desktopOpen ? `${DRAWER_WIDTH}px` : 0 },
            transition: theme.transitions.create(['width', 'margin'], {
              duration: theme.transitions.duration.leavingScreen,
            }),
          }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggle}
              aria-label={open ? 'Hide menu' : 'Show menu'}
              aria-expanded={open}
              aria-controls="side-menu"
            >
              {open && desktop ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
            <TopBarTitle />
            <AvatarMenu />
          </Toolbar>
        </AppBar>
        <Drawer
          id="side-menu"
          variant={desktop ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setMobileOpen(false)}
          sx={{
            width: desktop && desktopOpen ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.leavingScreen }),
            '& .MuiDrawer-paper': {
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
              borderRight: '1px solid',
              borderColor: 'divider',
            },
          }}
          ModalProps={{ keepMounted: true }}
        >
          {brand}
          <SideMenu entries={entries} onNavigate={desktop ? undefined : () => setMobileOpen(false)} />
        </Drawer>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          <Toolbar />
          <Outlet />
        </Box>
      </Box>
    </PageTitleProvider>
  );
}
