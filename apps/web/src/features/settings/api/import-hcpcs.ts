import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** What an import loaded: how many codes and modifiers, and the file they came from. */
export interface HcpcsImportResult {
  codes: number;
  modifiers: number;
  source: string;
}

/** POST /api/settings/hcpcs/ as multipart `file` (administrators): replaces the HCPCS codes and modifiers. */
export function importHcpcs(file: File): Promise<HcpcsImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<HcpcsImportResult>('/settings/hcpcs/', form);
}

export function useImportHcpcs() {
  return useMutation({ mutationFn: importHcpcs });
}
