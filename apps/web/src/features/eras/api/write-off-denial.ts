import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DenialRow } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { INVOICES_KEY } from '@/lib/api/invoices.ts';
import { showDenial } from './update-denial-row.ts';

/** POST /api/denials/{id}/write_off/: the denied amount is written off the service; answers its row. */
export function writeOffDenial(id: number): Promise<DenialRow> {
  return api.post<DenialRow>(`/denials/${id}/write_off/`, {});
}

export function useWriteOffDenial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeOffDenial,
    onSuccess: (row) =>
      Promise.all([showDenial(queryClient, row), queryClient.invalidateQueries({ queryKey: INVOICES_KEY })]),
  });
}
