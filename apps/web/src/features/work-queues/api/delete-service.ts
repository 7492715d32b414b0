import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';

/** DELETE /api/services/{id}/: 204; refused once it is shipped. */
export function deleteService(id: number): Promise<void> {
  return api.delete(`/services/${id}/`);
}

/** Refreshes the open call detail. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workQueuesKeys.details() }),
  });
}
