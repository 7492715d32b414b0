import { useQueryClient } from '@tanstack/react-query';
import { useAreaActions } from '@/components/area-actions.tsx';
import { patientOrdersKeys } from './api/keys.ts';

interface OrderAction<T> {
  run: (orderId: number) => Promise<T>;
  isPending: boolean;
}

/** Clone and delete of the orders area, each followed by a reload of this patient's orders. */
export function usePatientOrderActions(patientId: number): {
  clone: OrderAction<{ id: number }>;
  remove: OrderAction<void>;
} {
  const { useCloneOrder, useDeleteOrder } = useAreaActions();
  const queryClient = useQueryClient();
  const clone = useCloneOrder();
  const remove = useDeleteOrder();
  const reload = () => queryClient.invalidateQueries({ queryKey: patientOrdersKeys.orders(patientId) });
  return {
    clone: {
      isPending: clone.isPending,
      run: async (orderId) => {
        const created = await clone.mutateAsync(orderId);
        await reload();
        return created;
      },
    },
    remove: {
      isPending: remove.isPending,
      run: async (orderId) => {
        await remove.mutateAsync(orderId);
        await reload();
      },
    },
  };
}
