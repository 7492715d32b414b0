import { toMicro } from '@dme/shared';

/** Cents of a stored numeric ("125.50"), exact (through micro units, never a float's product). */
export const centsOfNumeric = (value: string | number): number => Number(toMicro(value) / 10_000n);
