import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DenialRow } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { showDenial } from './update-denial-row.ts';

/** POST /api/denials/{id}/appeal/ {note}: the denial is appealed; answers its row. */
export function appealDenial({ id, note }: { id: number; note: string }): Promise<DenialRow> {
  return api.post<DenialRow>(`/denials/${id}/appeal/`, { note });
}

export function useAppealDenial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: appealDenial, onSuccess: (row) => showDenial(queryClient, row) });
}
