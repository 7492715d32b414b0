import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths.ts';

const TABS = [
  { label: 'Ready to Bill', to: paths.claims.ready },
  { label: 'Claims', to: paths.claims.list },
  { label: 'Claim Batches', to: paths.claims.batches },
] as const;

/** Links between the three lists of the claims area, above each of them. */
export function ClaimsTabs({ current }: { current: (typeof TABS)[number]['to'] }) {
  return (
    <Tabs
      component="nav"
      value={current}
      aria-label="Claims lists"
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ mb: 1.5, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.to}
          label={tab.label}
          value={tab.to}
          component={RouterLink}
          to={tab.to}
          aria-current={tab.to === current ? 'page' : undefined}
        />
      ))}
    </Tabs>
  );
}
