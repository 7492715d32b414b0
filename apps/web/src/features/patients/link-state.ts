import { paths, type PatientLinkState } from '@/config/paths.ts';

/** The router state of a link into the patients screens, whatever the location carries. */
export function readLinkState(state: unknown): PatientLinkState {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  return {
    rentals: s.rentals === true ? true : undefined,
    callDetail: typeof s.callDetail === 'string' && s.callDetail.startsWith('/') ? s.callDetail : undefined,
  };
}

/** The list a patient screen leads back to: Rentals when it was opened from there. */
export function backToList(state: PatientLinkState): { label: string; to: string } {
  return state.rentals
    ? { label: 'Rentals', to: paths.patients.rentals }
    : { label: 'Patients', to: paths.patients.list };
}

/** What links carry on from a Rentals screen (nothing otherwise). */
export function rentalsState(state: PatientLinkState): PatientLinkState | undefined {
  return state.rentals ? { rentals: true } : undefined;
}
