import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Era } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { refetchPostings } from './refetch.ts';

/**
 * POST /api/eras/ as multipart `file`: 201 with one ERA per transaction it held; 422 when the file
 * is not an 835 (naming the segment and line), 409 when it was imported before.
 */
export function uploadEra(file: File): Promise<Era[]> {
  const form = new FormData();
  form.append('file', file);
  return api.post<Era[]>('/eras/', form);
}

export function useUploadEra() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadEra, onSuccess: () => refetchPostings(queryClient) });
}
