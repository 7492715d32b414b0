import { createContext, useContext } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';

/**
 * Calls one area offers the others. Areas never import each other, so the area that owns a call
 * implements it (features/<area>/api/...), app/area-actions.ts collects the implementations, and
 * the area that needs one reads it with useAreaActions(); each keeps its own caches fresh.
 *
 * To add one: declare it here, implement it in the owning area, and list it in
 * app/area-actions.ts (test/render.tsx provides the same object to every test).
 */
export interface AreaActions {
  /** Orders: DELETE /api/orders/{id}/ (204, or 400 {error} when an occurrence is shipped). */
  useDeleteOrder: () => UseMutationResult<void, Error, number>;
  /** Orders: GET /api/clone-order/{id}/ copies the order (header and product lines); answers the new id. */
  useCloneOrder: () => UseMutationResult<{ id: number }, Error, number>;
  /** Billing: GET /api/invoice_export/{id}/, saved as invoice-{id}.pdf. */
  downloadInvoicePdf: (invoiceId: number) => Promise<void>;
}

const AreaActionsContext = createContext<AreaActions | null>(null);

/** Rendered once by the app's providers with app/area-actions.ts. */
export const AreaActionsProvider = AreaActionsContext.Provider;

/** The calls of other areas. The object never changes, so its hooks are called in a stable order. */
export function useAreaActions(): AreaActions {
  const actions = useContext(AreaActionsContext);
  if (!actions) throw new Error('useAreaActions needs <AreaActionsProvider> (app/providers.tsx)');
  return actions;
}
