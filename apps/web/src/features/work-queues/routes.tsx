import type { RouteObject } from 'react-router';
import CallIcon from '@mui/icons-material/PhoneInTalkOutlined';
import EligibilityIcon from '@mui/icons-material/FactCheckOutlined';
import CallEligibilityIcon from '@mui/icons-material/ContactPhoneOutlined';
import ExpirationsIcon from '@mui/icons-material/EventBusyOutlined';
import DocumentsIcon from '@mui/icons-material/RuleFolderOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

const callCustomerDetail = () => import('./detail/CallDetail.tsx').then((m) => ({ Component: m.CallCustomerDetail }));
const callEligibilityDetail = () =>
  import('./detail/CallDetail.tsx').then((m) => ({ Component: m.CallEligibilityDetail }));

/**
 * Screens of the work queues (protected; lazy-loaded per route). The call detail is a child of
 * its list: the full-screen dialog opens over the list, which keeps its page and filters.
 */
export const workQueuesRoutes: RouteObject[] = [
  {
    path: paths.expirations,
    lazy: () => import('./expirations/ExpirationList.tsx').then((m) => ({ Component: m.ExpirationList })),
  },
  {
    path: paths.callPatients.list,
    lazy: () => import('./call-patients/CallPatientList.tsx').then((m) => ({ Component: m.CallPatientList })),
    children: [{ path: paths.callPatients.detail.pattern, lazy: callCustomerDetail }],
  },
  {
    path: paths.checkEligibility,
    lazy: () =>
      import('./check-eligibility/CheckEligibilityList.tsx').then((m) => ({ Component: m.CheckEligibilityList })),
  },
  {
    path: paths.callPatientsWithEligibility.list,
    lazy: () =>
      import('./call-eligibility/CallEligibilityList.tsx').then((m) => ({ Component: m.CallEligibilityList })),
    children: [{ path: paths.callPatientsWithEligibility.detail.pattern, lazy: callEligibilityDetail }],
  },
  {
    path: paths.documentsQueue,
    lazy: () => import('./documents/DocumentsQueue.tsx').then((m) => ({ Component: m.DocumentsQueue })),
  },
];

export const workQueuesMenu: MenuEntry[] = [
  {
    key: 'call-patient-eligibility',
    label: 'Call Patient w Eligibility',
    path: paths.callPatientsWithEligibility.list,
    icon: CallEligibilityIcon,
  },
  { key: 'expirations', label: 'Expirations', path: paths.expirations, icon: ExpirationsIcon },
  { key: 'documents-queue', label: 'Documents', path: paths.documentsQueue, icon: DocumentsIcon },
];

export const workQueuesTiles: DashboardTile[] = [
  {
    key: 'call-patients',
    title: 'Call Patients',
    description: 'Occurrences to call about before delivery, with contacts and approval.',
    path: paths.callPatients.list,
    icon: CallIcon,
  },
  {
    key: 'check-eligibility',
    title: 'Check Eligibility',
    description: 'Confirm insurance eligibility of upcoming occurrences.',
    path: paths.checkEligibility,
    icon: EligibilityIcon,
  },
  {
    key: 'call-patient-eligibility',
    title: 'Call Patient w Eligibility',
    description: 'Eligibility, approval and expiration alerts in one morning list.',
    path: paths.callPatientsWithEligibility.list,
    icon: CallEligibilityIcon,
  },
  {
    key: 'expirations',
    title: 'Expirations',
    description: 'Order expirations coloured by urgency, solved and printed in batches.',
    path: paths.expirations,
    icon: ExpirationsIcon,
  },
  {
    key: 'documents-queue',
    title: 'Documents',
    description: 'Documents running out and occurrences on hold, by patient.',
    path: paths.documentsQueue,
    icon: DocumentsIcon,
  },
];
