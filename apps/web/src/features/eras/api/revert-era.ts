import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refetchPostings } from './refetch.ts';

/** DELETE /api/eras/{id}/ (204): takes back everything the remittance posted; it stays, as reverted. */
export function revertEra(id: number): Promise<void> {
  return api.delete(`/eras/${id}/`);
}

export function useRevertEra() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revertEra, onSuccess: () => refetchPostings(queryClient) });
}
