import type { UnitMeasure } from '@dme/shared';

/** Product type ids seeded by migration 0003. */
export const TYPE = { supply: 1, rental: 2, purchase: 3, nutrition: 4, service: 5 } as const;
type TypeKey = keyof typeof TYPE;

export const SIZES = {
  sml: [
    ['S', 'Small'],
    ['M', 'Medium'],
    ['L', 'Large'],
  ],
  smlxl: [
    ['S', 'Small'],
    ['M', 'Medium'],
    ['L', 'Large'],
    ['XL', 'X-Large'],
  ],
  pad: [
    ['2X2', '2" x 2"'],
    ['4X4', '4" x 4"'],
    ['6X6', '6" x 6"'],
  ],
} as const;

/**
 * A product family of the demo catalog. `code` is the HCPCS code and a manufacturer mark;
 * each size becomes its own product ("A7030-RS-M", "AirFit F20 Full Face Mask, Medium").
 */
export interface Family {
  code: string;
  name: string;
  path: string;
  type: TypeKey;
  cost: number;
  price: number;
  unit: UnitMeasure;
  /** Units counted on the inventory screen besides the variant's unit. */
  stock?: UnitMeasure[];
  sizes?: readonly (readonly [string, string])[];
  description?: string;
}
