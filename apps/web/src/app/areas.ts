import HomeIcon from '@mui/icons-material/HomeOutlined';
import { byOrder, MENU_ORDER, TILE_ORDER, type AreaRegistration } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';
import { ordersArea } from '@/features/orders/index.ts';
import { patientsArea } from '@/features/patients/index.ts';
import { productsArea } from '@/features/products/index.ts';
import { usersArea } from '@/features/users/index.ts';

const homeArea: AreaRegistration = {
  routes: [
    {
      path: paths.home,
      lazy: () => import('./dashboard/Dashboard.tsx').then((m) => ({ Component: m.Dashboard })),
    },
  ],
  menu: [{ key: 'home', label: 'Home', path: paths.home, icon: HomeIcon }],
  tiles: [],
};

/** Every area of the app. A new area adds one line here; its menu entries and tiles find their place. */
export const areas: AreaRegistration[] = [homeArea, patientsArea, productsArea, ordersArea, usersArea];

export const protectedRoutes = areas.flatMap((area) => area.routes);
export const menuEntries = areas.flatMap((area) => area.menu).sort(byOrder(MENU_ORDER));
export const dashboardTiles = areas.flatMap((area) => area.tiles).sort(byOrder(TILE_ORDER));
