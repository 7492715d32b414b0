import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import type { MenuEntry } from '@/components/areas.ts';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** An entry is current on its own path and on the paths below it (/users/create under /users). */
export function isCurrent(entryPath: string, pathname: string): boolean {
  const base = trimSlash(entryPath);
  const here = trimSlash(pathname);
  return here === base || here.startsWith(`${base}/`);
}

interface MenuNode {
  entry: MenuEntry;
  children: MenuEntry[];
}

/** Sub-items sit under their parent; a sub-item whose parent is not registered stands alone. */
export function menuTree(entries: MenuEntry[]): MenuNode[] {
  const keys = new Set(entries.map((e) => e.key));
  const nodes: MenuNode[] = [];
  for (const entry of entries) {
    if (entry.parent && keys.has(entry.parent)) continue;
    nodes.push({ entry, children: entries.filter((e) => e.parent === entry.key) });
  }
  return nodes;
}

function MenuLink({ entry, nested, onNavigate }: { entry: MenuEntry; nested?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const Icon = entry.icon;
  const selected = isCurrent(entry.path, pathname);
  return (
    <ListItemButton
      component={NavLink}
      to={entry.path}
      selected={selected}
      onClick={onNavigate}
      sx={{
        pl: nested ? 3.5 : 2,
        py: nested ? 0.5 : 0.75,
        mx: 1,
        borderRadius: 1.5,
        '&.Mui-selected': { bgcolor: 'rgba(23, 96, 122, 0.1)', color: 'primary.dark' },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 34 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={entry.label}
        // One weight whether selected or not: a bolder selected label grew and wrapped
        // ("Products Inventory"); the selection shows by its background and colour.
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }}
      />
    </ListItemButton>
  );
}

export function SideMenu({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main menu">
      <List component="div" dense sx={{ py: 1 }}>
        {menuTree(entries).map(({ entry, children }) => (
          <div key={entry.key}>
            <MenuLink entry={entry} onNavigate={onNavigate} />
            {children.map((child) => (
              <MenuLink key={child.key} entry={child} nested onNavigate={onNavigate} />
            ))}
          </div>
        ))}
      </List>
    </nav>
  );
}
