import HomeIcon from '@mui/icons-material/HomeOutlined';
import { byOrder, MENU_ORDER, TILE_ORDER, type AreaRegistration } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';
import { ordersArea } from '@/features/orders/index.ts';
import { patientsArea } from '@/features/patients/index.ts';
import { productsArea } from '@/features/products/index.ts';
import { usersArea } from '@/features/users/index.ts';
import { workQueuesArea } from '@/features/work-queues/index.ts';
import { remittanceArea } from '@/features/remittance/index.ts';
import { reportsArea } from '@/features/reports/index.ts';
import { vendorsArea } from '@/features/vendors/index.ts';
import { invoicesArea } from '@/features/invoices/index.ts';
import { shippingArea } from '@/features/shipping/index.ts';
import { claimsArea } from '@/features/claims/index.ts';
import { erasArea } from '@/features/eras/index.ts';
import { settingsArea } from '@/features/settings/index.ts';

/**
 * Home's menu entry. Its screen, the dashboard, lists every area's tiles, so its route is declared
 * in router.tsx: declared here, this module and the dashboard would import each other.
 */
const homeArea: AreaRegistration = {
  routes: [],
  menu: [{ key: 'home', label: 'Home', path: paths.home, icon: HomeIcon }],
  tiles: [],
};

/** Every area of the app. A new area adds one line here; its menu entries and tiles find their place. */
export const areas: AreaRegistration[] = [
  homeArea,
  patientsArea,
  productsArea,
  ordersArea,
  usersArea,
  workQueuesArea,
  remittanceArea,
  reportsArea,
  vendorsArea,
  invoicesArea,
  shippingArea,
  claimsArea,
  erasArea,
  settingsArea,
];

export const protectedRoutes = areas.flatMap((area) => area.routes);
export const menuEntries = areas.flatMap((area) => area.menu).sort(byOrder(MENU_ORDER));
export const dashboardTiles = areas.flatMap((area) => area.tiles).sort(byOrder(TILE_ORDER));
