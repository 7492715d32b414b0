import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpirationUpdateBody, OperationsExpiration } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';

/** Any of the fields (the schema's output names every key, even when unset). */
export type ExpirationPatch = Partial<ExpirationUpdateBody>;

/** PATCH /api/expirations/{id}/ with any of date, yellow, yellow_date, waiver, note, solved, color. */
export function updateExpiration(id: number, body: ExpirationPatch): Promise<OperationsExpiration> {
  return api.patch<OperationsExpiration>(`/expirations/${id}/`, body);
}

export function useUpdateExpiration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ExpirationPatch }) => updateExpiration(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workQueuesKeys.expirations() }),
  });
}
