import { useCallback, useMemo, useState } from 'react';

/**
 * Ids chosen in a server-paged list. The choice outlives a page change (a biller picks across
 * pages); the screen clears it once the chosen rows are sent.
 */
export function useSelection() {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback((id: number, on: boolean) => {
    setIds((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAll = useCallback((some: readonly number[], on: boolean) => {
    setIds((prev) => {
      const next = new Set(prev);
      for (const id of some) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setIds(new Set()), []);
  return useMemo(() => ({ ids, toggle, setAll, clear }), [ids, toggle, setAll, clear]);
}

export type Selection = ReturnType<typeof useSelection>;
