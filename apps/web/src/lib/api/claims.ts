/**
 * The root of the claims area's query keys: the remittance (835) area refetches the claims it
 * posted on, matched, reverted or replaced.
 */
export const CLAIMS_KEY = ['claims'] as const;
