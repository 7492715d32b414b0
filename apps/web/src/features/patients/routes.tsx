import type { RouteObject } from 'react-router';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import RentalsIcon from '@mui/icons-material/WheelchairPickupOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Screens of the patients area (protected; lazy-loaded per route). */
export const patientsRoutes: RouteObject[] = [
  {
    path: paths.patients.list,
    lazy: () => import('./list/PatientList.tsx').then((m) => ({ Component: m.PatientListScreen })),
  },
  {
    path: paths.patients.rentals,
    lazy: () => import('./list/PatientList.tsx').then((m) => ({ Component: m.RentalsListScreen })),
  },
  {
    path: paths.patients.create,
    lazy: () => import('./PatientCreate.tsx').then((m) => ({ Component: m.PatientCreate })),
  },
  {
    path: paths.patients.edit.pattern,
    lazy: () => import('./PatientEdit.tsx').then((m) => ({ Component: m.PatientEdit })),
  },
];

export const patientsMenu: MenuEntry[] = [
  { key: 'patients', label: 'Patients', path: paths.patients.list, icon: PeopleIcon },
  { key: 'rentals', label: 'Rentals', path: paths.patients.rentals, icon: RentalsIcon },
];

export const patientsTiles: DashboardTile[] = [
  {
    key: 'patients',
    title: 'Patients',
    description: 'Patient records, contacts, insurances, physicians and attachments.',
    path: paths.patients.list,
    icon: PeopleIcon,
  },
  {
    key: 'rentals',
    title: 'Rentals',
    description: 'Patients renting equipment.',
    path: paths.patients.rentals,
    icon: RentalsIcon,
  },
];
