import type { AreaRegistration } from '@/components/areas.ts';
import { workQueuesMenu, workQueuesRoutes, workQueuesTiles } from './routes.tsx';

export const workQueuesArea: AreaRegistration = {
  routes: workQueuesRoutes,
  menu: workQueuesMenu,
  tiles: workQueuesTiles,
};
