import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteOffEntry, WriteOffResult } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { invoicesKeys } from './keys.ts';

/** POST /api/services-write-off/ (200 with the invoices it touched). */
export function writeOffServices(services: WriteOffEntry[]): Promise<WriteOffResult> {
  return api.post<WriteOffResult>('/services-write-off/', { services });
}

export function useWriteOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeOffServices,
    onSuccess: (result) => {
      for (const invoice of result.invoices) queryClient.setQueryData(invoicesKeys.detail(invoice.id), invoice);
      return queryClient.invalidateQueries({ queryKey: invoicesKeys.list() });
    },
  });
}
