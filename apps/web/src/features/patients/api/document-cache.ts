import type { QueryClient } from '@tanstack/react-query';
import { patientOrdersKeys } from '../orders-tab/api/keys.ts';
import { patientsKeys } from './keys.ts';

/**
 * After a document is saved or deleted: the patient's documents and Orders tab read afresh, and
 * every other query is marked stale, since holds follow documents on the work queues of other
 * areas (they read afresh when next opened).
 */
export async function refreshAfterDocumentChange(queryClient: QueryClient, patientId: number): Promise<void> {
  await queryClient.invalidateQueries({ refetchType: 'none' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: patientsKeys.documents(patientId) }),
    queryClient.invalidateQueries({ queryKey: patientOrdersKeys.orders(patientId) }),
  ]);
}
