import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientOrder } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientOrdersKeys } from './keys.ts';

/** GET /api/orders/patient-what-ever/{id}: the patient's orders with their occurrences by date. */
export function getPatientOrders(patientId: number, signal?: AbortSignal): Promise<PatientOrder[]> {
  return api.get<PatientOrder[]>(`/orders/patient-what-ever/${patientId}`, { signal });
}

// Fresh whenever the tab opens: the order screens change these orders without telling this area.
export const patientOrdersQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientOrdersKeys.orders(patientId),
    queryFn: ({ signal }) => getPatientOrders(patientId, signal),
    staleTime: 0,
  });

export function usePatientOrders(patientId: number) {
  return useQuery(patientOrdersQueryOptions(patientId));
}
