import type { AreaRegistration } from '@/components/areas.ts';
import { patientsMenu, patientsRoutes, patientsTiles } from './routes.tsx';

export const patientsArea: AreaRegistration = { routes: patientsRoutes, menu: patientsMenu, tiles: patientsTiles };
