/** Amounts show 2 decimals (spec section 9), with a dollar sign: the app's one money formatter. */
export { formatMoney as money } from '@dme/shared';

export const patientName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
