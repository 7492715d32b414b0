import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { Order, OrderLookup } from '@dme/shared';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { fromPatientOf, paths } from '@/config/paths.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useDeliveries, useOrderStatuses, useRecurrences } from './api/get-lookups.ts';
import { useOrder } from './api/get-order.ts';
import { BackToPatient } from './BackToPatient.tsx';
import { OrderHeader } from './OrderHeader.tsx';
import { ORDER_TABS, type OrderTab } from './order-tabs.ts';
import { ExpirationsTab } from './expirations/ExpirationsTab.tsx';
import { NotesTab } from './notes/NotesTab.tsx';
import { OccurrencesTab } from './occurrences/OccurrencesTab.tsx';
import { ProductsTab } from './products/ProductsTab.tsx';
import { ServicesTab } from './services/ServicesTab.tsx';

const tabId = (tab: OrderTab) => `order-tab-${tab.toLowerCase().replace(/\W+/g, '-')}`;

interface EditScreenProps {
  order: Order;
  statuses: OrderLookup[];
  deliveries: OrderLookup[];
  recurrences: OrderLookup[];
  fromPatient: number | null;
}

function TabPanel({ tab, current, children }: { tab: OrderTab; current: OrderTab; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={`${tabId(tab)}-panel`}
      aria-labelledby={tabId(tab)}
      hidden={tab !== current}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      {children}
    </Box>
  );
}

function OrderEditScreen({ order, statuses, deliveries, recurrences, fromPatient }: EditScreenProps) {
  const [tab, setTab] = useState<OrderTab>('Products');
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <OrderHeader order={order} statuses={statuses} deliveries={deliveries} patientLocked={fromPatient !== null} />
      </Paper>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: OrderTab) => setTab(next)}
          variant="scrollable"
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {ORDER_TABS.map((label) => (
            <Tab key={label} label={label} value={label} id={tabId(label)} aria-controls={`${tabId(label)}-panel`} />
          ))}
        </Tabs>
        {tab === 'Products' ? (
          <TabPanel tab="Products" current={tab}>
            <ProductsTab order={order} recurrences={recurrences} />
          </TabPanel>
        ) : null}
        {tab === 'Services w Totals' ? (
          <TabPanel tab="Services w Totals" current={tab}>
            <OccurrencesTab order={order} />
          </TabPanel>
        ) : null}
        {/* Kept mounted: unsaved notes survive a look at another tab, and their leave warning stays on. */}
        <TabPanel tab="Notes" current={tab}>
          <NotesTab order={order} />
        </TabPanel>
        {tab === 'Expirations' ? (
          <TabPanel tab="Expirations" current={tab}>
            <ExpirationsTab order={order} />
          </TabPanel>
        ) : null}
        {tab === 'Services' ? (
          <TabPanel tab="Services" current={tab}>
            <ServicesTab order={order} />
          </TabPanel>
        ) : null}
      </Paper>
    </Stack>
  );
}

function OrderEditLoader({ id, fromPatient }: { id: number; fromPatient: number | null }) {
  const navigate = useNavigate();
  const order = useOrder(id);
  const statuses = useOrderStatuses();
  const deliveries = useDeliveries();
  const recurrences = useRecurrences();
  const failed = order.isError || statuses.isError || deliveries.isError || recurrences.isError;
  useEffect(() => {
    if (failed) void navigate(paths.notFound, { replace: true });
  }, [failed, navigate]);

  const crumbs = [
    { label: 'Home', to: paths.home },
    { label: 'Orders', to: paths.orders.list },
    { label: order.data ? order.data.name || `Order #${order.data.id}` : 'Order' },
  ];
  return (
    <>
      <PageHeader
        title="Edit Order"
        breadcrumbs={crumbs}
        actions={fromPatient ? <BackToPatient patientId={fromPatient} /> : undefined}
      />
      {order.data && statuses.data && deliveries.data && recurrences.data ? (
        <OrderEditScreen
          key={order.data.id}
          order={order.data}
          statuses={statuses.data}
          deliveries={deliveries.data}
          recurrences={recurrences.data}
          fromPatient={fromPatient}
        />
      ) : (
        <PageLoading />
      )}
    </>
  );
}

/** /orders/:id/edit (router state {fromPatient} adds Back to patient and locks the patient). */
export function OrderEdit() {
  const id = useIdParam();
  const location = useLocation();
  const fromPatient = fromPatientOf(location.state);
  if (id === null) return <Navigate to={paths.notFound} replace />;
  return <OrderEditLoader id={id} fromPatient={fromPatient} />;
}
