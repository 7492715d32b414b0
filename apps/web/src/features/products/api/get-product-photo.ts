import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, fetchBlob } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** The product answers its photo as an /api address; the client takes paths below /api. */
function apiPath(address: string): string {
  return address.startsWith(`${API_BASE}/`) ? address.slice(API_BASE.length) : address;
}

/**
 * GET the product's photo with the session token (an <img src> would carry none) and hand out an
 * object URL for it, revoked when the photo changes or the screen closes.
 */
export function useProductPhoto(productId: number, address: string | null): string | null {
  const photo = useQuery({
    queryKey: [...productsKeys.photo(productId), address],
    queryFn: ({ signal }) => fetchBlob(apiPath(address ?? ''), { signal }),
    enabled: address !== null,
  });
  const blob = address !== null ? photo.data : undefined;
  const [url, setUrl] = useState<{ blob: Blob; href: string } | null>(null);

  useEffect(() => {
    if (!blob) return undefined;
    const href = URL.createObjectURL(blob);
    setUrl({ blob, href });
    return () => URL.revokeObjectURL(href);
  }, [blob]);

  return blob && url?.blob === blob ? url.href : null;
}
