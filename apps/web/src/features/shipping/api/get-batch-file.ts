import { fetchBlob } from '@/lib/api-client.ts';

/** A finished large batch's PDF: its url is an /api path served to signed-in users only. */
export function getBatchFile(url: string): Promise<Blob> {
  return fetchBlob(url.replace(/^\/api(?=\/)/, ''));
}
