/** How a printed line names a rental month: "rental month 3, RR KI" (issue 33); '' for a purchase. */
export function rentalLabel(month: number | null, modifiers: readonly string[] | null): string {
  if (month === null) return '';
  const mods = (modifiers ?? []).join(' ');
  return mods ? `rental month ${month}, ${mods}` : `rental month ${month}`;
}

/** A product name with its rental month after it, as the invoice and the delivery ticket print it. */
export const withRental = (name: string, month: number | null, modifiers: readonly string[] | null) =>
  month === null ? name : `${name} (${rentalLabel(month, modifiers)})`;
