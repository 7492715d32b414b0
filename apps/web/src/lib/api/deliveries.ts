import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DeliveryAnswer, DeliveryBody } from '@dme/shared';
import { api, fetchBlob } from '@/lib/api-client.ts';

/**
 * Proof of delivery (issue 34), recorded from Shipping Status and from the patient's Orders tab
 * alike. Each screen names the queries that show the occurrence (`refresh`), refetched after a
 * delivery is recorded.
 */

/** POST /api/ocurrences/{id}/delivery/: 201 with the proof of delivery, the occurrence shipped and its invoice. */
export function recordDelivery(occurrenceId: number, body: DeliveryBody): Promise<DeliveryAnswer> {
  return api.post<DeliveryAnswer>(`/ocurrences/${occurrenceId}/delivery/`, body);
}

export function useRecordDelivery(occurrenceId: number, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryBody) => recordDelivery(occurrenceId, body),
    onSuccess: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** GET /api/ocurrences/{id}/delivery/proof/: the signed proof of delivery (PDF). */
export function getDeliveryProof(occurrenceId: number): Promise<Blob> {
  return fetchBlob(`/ocurrences/${occurrenceId}/delivery/proof/`);
}
