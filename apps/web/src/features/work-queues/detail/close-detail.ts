import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Closing the call detail: back in history when the app got here by a link (the list it came
 * from, or the patient's Orders tab), otherwise (an address typed or reloaded) to the list.
 */
export function useCloseDetail(listPath: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const cameByLink = location.key !== 'default';
  return useCallback(() => {
    if (cameByLink) void navigate(-1);
    else void navigate(listPath, { replace: true });
  }, [cameByLink, navigate, listPath]);
}
