import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgementResult } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { INVOICES_KEY } from '@/lib/api/invoices.ts';
import { claimsKeys } from './keys.ts';

/** POST /api/claim_acknowledgements/ as multipart `file` (201 with what the 999 or 277CA did). */
export function uploadAcknowledgement(file: File): Promise<AcknowledgementResult> {
  const form = new FormData();
  form.append('file', file);
  return api.post<AcknowledgementResult>('/claim_acknowledgements/', form);
}

export function useUploadAcknowledgement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAcknowledgement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsKeys.all }),
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      ]),
  });
}
