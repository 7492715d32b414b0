import type { PriceVariantOption, UnitMeasure } from '@dme/shared';
import type { Db } from '../database.ts';
import { batchesOf } from './batch.ts';

/** Product type ids seeded by migration 0003. */
const TYPE = { supply: 1, rental: 2, purchase: 3, nutrition: 4, service: 5 } as const;
type TypeKey = keyof typeof TYPE;

const SIZES = {
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
interface Family {
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

const CATALOG: Family[] = [
  // Respiratory: CPAP supplies
  {
    code: 'A7030-RS',
    name: 'ResMed AirFit F20 Full Face Mask',
    path: 'Respiratory/CPAP Supplies/Masks',
    type: 'supply',
    cost: 98.5,
    price: 165,
    unit: 'Each',
    sizes: SIZES.sml,
    description: 'Full face mask with InfinitySeal cushion and magnetic clips.',
  },
  {
    code: 'A7030-PH',
    name: 'Philips DreamWear Full Face Mask',
    path: 'Respiratory/CPAP Supplies/Masks',
    type: 'supply',
    cost: 92,
    price: 158,
    unit: 'Each',
    sizes: SIZES.sml,
  },
  {
    code: 'A7034-RS',
    name: 'ResMed AirFit N20 Nasal Mask',
    path: 'Respiratory/CPAP Supplies/Masks',
    type: 'supply',
    cost: 71.25,
    price: 119,
    unit: 'Each',
    sizes: SIZES.sml,
  },
  {
    code: 'A7034-FP',
    name: 'F&P Eson 2 Nasal Mask',
    path: 'Respiratory/CPAP Supplies/Masks',
    type: 'supply',
    cost: 68.4,
    price: 115,
    unit: 'Each',
    sizes: SIZES.sml,
  },
  {
    code: 'A7034-RP',
    name: 'ResMed AirFit P10 Nasal Pillow Mask',
    path: 'Respiratory/CPAP Supplies/Masks',
    type: 'supply',
    cost: 64.9,
    price: 109,
    unit: 'Each',
    description: 'Quiet nasal pillow system, includes XS-L pillows.',
  },
  {
    code: 'A7031-RS',
    name: 'ResMed AirFit F20 Cushion',
    path: 'Respiratory/CPAP Supplies/Cushions & Pillows',
    type: 'supply',
    cost: 31.2,
    price: 54,
    unit: 'Each',
    sizes: SIZES.sml,
  },
  {
    code: 'A7032-RS',
    name: 'ResMed AirFit N20 Cushion',
    path: 'Respiratory/CPAP Supplies/Cushions & Pillows',
    type: 'supply',
    cost: 24.75,
    price: 42,
    unit: 'Each',
    sizes: SIZES.sml,
  },
  {
    code: 'A7033-RS',
    name: 'ResMed AirFit P10 Pillows',
    path: 'Respiratory/CPAP Supplies/Cushions & Pillows',
    type: 'supply',
    cost: 18.6,
    price: 32,
    unit: 'Pack',
    sizes: SIZES.sml,
  },
  {
    code: 'A7035-RS',
    name: 'ResMed AirFit F20 Headgear',
    path: 'Respiratory/CPAP Supplies/Headgear',
    type: 'supply',
    cost: 22.1,
    price: 38,
    unit: 'Each',
    sizes: SIZES.sml,
  },
  {
    code: 'A7037-GN',
    name: 'Standard CPAP Tubing, 6 ft',
    path: 'Respiratory/CPAP Supplies/Tubing',
    type: 'supply',
    cost: 7.8,
    price: 19.95,
    unit: 'Each',
    stock: ['Case'],
  },
  {
    code: 'A4604-RS',
    name: 'ResMed ClimateLineAir Heated Tubing',
    path: 'Respiratory/CPAP Supplies/Tubing',
    type: 'supply',
    cost: 36.4,
    price: 62,
    unit: 'Each',
  },
  {
    code: 'A4604-PH',
    name: 'Philips DreamStation Heated Tube',
    path: 'Respiratory/CPAP Supplies/Tubing',
    type: 'supply',
    cost: 34.9,
    price: 59,
    unit: 'Each',
  },
  {
    code: 'A7038-RS',
    name: 'ResMed AirSense 11 Disposable Filters',
    path: 'Respiratory/CPAP Supplies/Filters',
    type: 'supply',
    cost: 6.2,
    price: 14.5,
    unit: 'Pack',
    stock: ['Box'],
    description: 'Pack of 2 standard disposable filters.',
  },
  {
    code: 'A7038-PH',
    name: 'Philips DreamStation Ultra-Fine Filters',
    path: 'Respiratory/CPAP Supplies/Filters',
    type: 'supply',
    cost: 5.9,
    price: 13.75,
    unit: 'Pack',
    stock: ['Box'],
  },
  {
    code: 'A7039-PH',
    name: 'Philips Reusable Pollen Filter',
    path: 'Respiratory/CPAP Supplies/Filters',
    type: 'supply',
    cost: 4.1,
    price: 9.95,
    unit: 'Each',
  },
  {
    code: 'A7046-RS',
    name: 'ResMed HumidAir Water Tub',
    path: 'Respiratory/CPAP Supplies/Humidifier Chambers',
    type: 'supply',
    cost: 27.3,
    price: 46,
    unit: 'Each',
  },
  {
    code: 'A7046-PH',
    name: 'Philips DreamStation Water Chamber',
    path: 'Respiratory/CPAP Supplies/Humidifier Chambers',
    type: 'supply',
    cost: 25.8,
    price: 44,
    unit: 'Each',
  },
  // Respiratory: devices
  {
    code: 'E0601-RS',
    name: 'ResMed AirSense 11 AutoSet',
    path: 'Respiratory/CPAP & BiPAP Devices/Auto CPAP Machines',
    type: 'rental',
    cost: 780,
    price: 95,
    unit: 'Each',
    description: 'Auto-titrating CPAP with integrated humidifier; monthly rental.',
  },
  {
    code: 'E0601-PH',
    name: 'Philips DreamStation 2 Auto CPAP',
    path: 'Respiratory/CPAP & BiPAP Devices/Auto CPAP Machines',
    type: 'rental',
    cost: 720,
    price: 89,
    unit: 'Each',
  },
  {
    code: 'E0601-RC',
    name: 'ResMed AirSense 10 CPAP',
    path: 'Respiratory/CPAP & BiPAP Devices/CPAP Machines',
    type: 'rental',
    cost: 640,
    price: 82,
    unit: 'Each',
  },
  {
    code: 'E0470-RS',
    name: 'ResMed AirCurve 11 VAuto BiPAP',
    path: 'Respiratory/CPAP & BiPAP Devices/BiPAP Machines',
    type: 'rental',
    cost: 1650,
    price: 210,
    unit: 'Each',
  },
  // Respiratory: oxygen and nebulizers
  {
    code: 'E1390-IN',
    name: 'Invacare Platinum 5L Oxygen Concentrator',
    path: 'Respiratory/Oxygen/Concentrators',
    type: 'rental',
    cost: 1150,
    price: 185,
    unit: 'Each',
    description: 'Stationary 5 LPM concentrator; monthly rental.',
  },
  {
    code: 'E1390-DR',
    name: 'Drive DeVilbiss 5L Oxygen Concentrator',
    path: 'Respiratory/Oxygen/Concentrators',
    type: 'rental',
    cost: 980,
    price: 175,
    unit: 'Each',
  },
  {
    code: 'E1392-IN',
    name: 'Inogen One G5 Portable Concentrator',
    path: 'Respiratory/Oxygen/Portable Concentrators',
    type: 'rental',
    cost: 2350,
    price: 240,
    unit: 'Each',
  },
  {
    code: 'E0431-GN',
    name: 'Portable Oxygen Cylinder M6 with Regulator',
    path: 'Respiratory/Oxygen/Cylinders & Regulators',
    type: 'rental',
    cost: 145,
    price: 38,
    unit: 'Each',
  },
  {
    code: 'A4615-SA',
    name: 'Salter Adult Nasal Cannula, 7 ft',
    path: 'Respiratory/Oxygen/Cannulas & Tubing',
    type: 'supply',
    cost: 0.95,
    price: 3.5,
    unit: 'Each',
    stock: ['Case'],
  },
  {
    code: 'A4616-SA',
    name: 'Oxygen Supply Tubing, 25 ft',
    path: 'Respiratory/Oxygen/Cannulas & Tubing',
    type: 'supply',
    cost: 2.4,
    price: 7.95,
    unit: 'Each',
    stock: ['Case'],
  },
  {
    code: 'E0570-PR',
    name: 'Pari Vios Nebulizer Compressor',
    path: 'Respiratory/Nebulizers/Compressors',
    type: 'purchase',
    cost: 42,
    price: 89,
    unit: 'Each',
  },
  {
    code: 'A7003-PR',
    name: 'Pari LC Sprint Reusable Nebulizer Kit',
    path: 'Respiratory/Nebulizers/Nebulizer Kits',
    type: 'supply',
    cost: 9.8,
    price: 24.5,
    unit: 'Each',
    stock: ['Case'],
  },
  // Diabetic
  {
    code: 'A4253-AC',
    name: 'Accu-Chek Guide Test Strips, 50 ct',
    path: 'Diabetic/Testing/Test Strips',
    type: 'supply',
    cost: 18.4,
    price: 36.99,
    unit: 'Box',
    stock: ['Case'],
  },
  {
    code: 'A4253-OT',
    name: 'OneTouch Verio Test Strips, 50 ct',
    path: 'Diabetic/Testing/Test Strips',
    type: 'supply',
    cost: 19.1,
    price: 38.49,
    unit: 'Box',
    stock: ['Case'],
  },
  {
    code: 'A4253-CN',
    name: 'Contour Next Test Strips, 50 ct',
    path: 'Diabetic/Testing/Test Strips',
    type: 'supply',
    cost: 17.6,
    price: 35.99,
    unit: 'Box',
    stock: ['Case'],
  },
  {
    code: 'A4253-FS',
    name: 'FreeStyle Lite Test Strips, 50 ct',
    path: 'Diabetic/Testing/Test Strips',
    type: 'supply',
    cost: 18.9,
    price: 37.25,
    unit: 'Box',
    stock: ['Case'],
  },
  {
    code: 'A4259-AC',
    name: 'Accu-Chek FastClix Lancets, 102 ct',
    path: 'Diabetic/Testing/Lancets',
    type: 'supply',
    cost: 8.3,
    price: 17.99,
    unit: 'Box',
  },
  {
    code: 'A4259-OT',
    name: 'OneTouch Delica Plus Lancets, 100 ct',
    path: 'Diabetic/Testing/Lancets',
    type: 'supply',
    cost: 6.1,
    price: 13.49,
    unit: 'Box',
  },
  {
    code: 'A4259-MD',
    name: 'Medline Sterile Lancets 30G, 100 ct',
    path: 'Diabetic/Testing/Lancets',
    type: 'supply',
    cost: 3.2,
    price: 8.95,
    unit: 'Box',
    stock: ['Case'],
  },
  {
    code: 'E0607-AC',
    name: 'Accu-Chek Guide Me Glucose Meter',
    path: 'Diabetic/Testing/Meters',
    type: 'purchase',
    cost: 12.5,
    price: 29.99,
    unit: 'Each',
  },
  {
    code: 'E0607-OT',
    name: 'OneTouch Verio Flex Glucose Meter',
    path: 'Diabetic/Testing/Meters',
    type: 'purchase',
    cost: 11.75,
    price: 27.99,
    unit: 'Each',
  },
  {
    code: 'E0607-CN',
    name: 'Contour Next One Glucose Meter',
    path: 'Diabetic/Testing/Meters',
    type: 'purchase',
    cost: 10.9,
    price: 26.49,
    unit: 'Each',
  },
  {
    code: 'A4256-AC',
    name: 'Accu-Chek Guide Control Solution',
    path: 'Diabetic/Testing/Control Solution',
    type: 'supply',
    cost: 4.6,
    price: 11.99,
    unit: 'Each',
  },
  {
    code: 'A4215-BD',
    name: 'BD Nano 4mm Pen Needles, 100 ct',
    path: 'Diabetic/Insulin Supplies/Pen Needles',
    type: 'supply',
    cost: 21.3,
    price: 44.99,
    unit: 'Box',
  },
  {
    code: 'A4206-BD',
    name: 'BD Ultra-Fine Insulin Syringes 1 mL, 100 ct',
    path: 'Diabetic/Insulin Supplies/Syringes',
    type: 'supply',
    cost: 19.8,
    price: 39.99,
    unit: 'Box',
  },
  {
    code: 'A4239-DX',
    name: 'Dexcom G7 Sensor',
    path: 'Diabetic/Continuous Glucose Monitoring/Sensors',
    type: 'supply',
    cost: 118,
    price: 185,
    unit: 'Each',
    stock: ['Box'],
  },
  {
    code: 'A4239-LB',
    name: 'FreeStyle Libre 3 Sensor',
    path: 'Diabetic/Continuous Glucose Monitoring/Sensors',
    type: 'supply',
    cost: 64.5,
    price: 109,
    unit: 'Each',
    stock: ['Box'],
  },
  {
    code: 'E2103-DX',
    name: 'Dexcom G6 Transmitter',
    path: 'Diabetic/Continuous Glucose Monitoring/Transmitters',
    type: 'purchase',
    cost: 165,
    price: 262,
    unit: 'Each',
  },
  // Incontinence
  {
    code: 'T4522-PR',
    name: 'Prevail Air Adult Briefs',
    path: 'Incontinence/Briefs/Adult Briefs',
    type: 'supply',
    cost: 0.62,
    price: 1.35,
    unit: 'Pack',
    stock: ['Case', 'Each'],
    sizes: SIZES.smlxl,
    description: 'Breathable tab-style brief, maximum absorbency.',
  },
  {
    code: 'T4522-TN',
    name: 'TENA ProSkin Stretch Briefs',
    path: 'Incontinence/Briefs/Adult Briefs',
    type: 'supply',
    cost: 0.71,
    price: 1.49,
    unit: 'Pack',
    stock: ['Case'],
    sizes: SIZES.smlxl,
  },
  {
    code: 'T4526-PR',
    name: 'Prevail Protective Underwear',
    path: 'Incontinence/Briefs/Protective Underwear',
    type: 'supply',
    cost: 0.58,
    price: 1.25,
    unit: 'Pack',
    stock: ['Case'],
    sizes: SIZES.smlxl,
  },
  {
    code: 'T4526-DP',
    name: 'Depend Fit-Flex Underwear',
    path: 'Incontinence/Briefs/Protective Underwear',
    type: 'supply',
    cost: 0.66,
    price: 1.39,
    unit: 'Pack',
    stock: ['Case'],
    sizes: SIZES.smlxl,
  },
  {
    code: 'T4541-MD',
    name: 'Medline Ultrasorbs Underpads 23x36',
    path: 'Incontinence/Underpads/Disposable Underpads',
    type: 'supply',
    cost: 0.48,
    price: 1.05,
    unit: 'Bag',
    stock: ['Case'],
  },
  {
    code: 'T4541-PR',
    name: 'Prevail Super Absorbent Underpads 30x36',
    path: 'Incontinence/Underpads/Disposable Underpads',
    type: 'supply',
    cost: 0.52,
    price: 1.12,
    unit: 'Bag',
    stock: ['Case'],
  },
  {
    code: 'T4537-MD',
    name: 'Medline Reusable Bed Underpad 34x36',
    path: 'Incontinence/Underpads/Reusable Underpads',
    type: 'supply',
    cost: 6.9,
    price: 14.95,
    unit: 'Each',
  },
  {
    code: 'T4535-TN',
    name: 'TENA Intimates Overnight Pads',
    path: 'Incontinence/Liners & Pads',
    type: 'supply',
    cost: 0.34,
    price: 0.79,
    unit: 'Pack',
    stock: ['Case'],
  },
  {
    code: 'A4351-CV',
    name: 'Coloplast SpeediCath Intermittent Catheter 14Fr',
    path: 'Incontinence/Urological/Intermittent Catheters',
    type: 'supply',
    cost: 2.1,
    price: 4.85,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A4351-HO',
    name: 'Hollister Apogee Intermittent Catheter 12Fr',
    path: 'Incontinence/Urological/Intermittent Catheters',
    type: 'supply',
    cost: 1.85,
    price: 4.25,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A4338-BD',
    name: 'Bard Lubri-Sil Foley Catheter 16Fr',
    path: 'Incontinence/Urological/Foley Catheters',
    type: 'supply',
    cost: 8.7,
    price: 18.5,
    unit: 'Each',
  },
  {
    code: 'A4357-MD',
    name: 'Medline Bedside Drainage Bag 2000 mL',
    path: 'Incontinence/Urological/Drainage Bags',
    type: 'supply',
    cost: 3.4,
    price: 8.25,
    unit: 'Each',
    stock: ['Case'],
  },
  {
    code: 'A4358-MD',
    name: 'Medline Leg Bag 600 mL',
    path: 'Incontinence/Urological/Drainage Bags',
    type: 'supply',
    cost: 2.9,
    price: 7.1,
    unit: 'Each',
    stock: ['Case'],
  },
  {
    code: 'A6250-CN',
    name: 'Calmoseptine Barrier Ointment 4 oz',
    path: 'Incontinence/Skin Care/Barrier Creams',
    type: 'supply',
    cost: 5.25,
    price: 11.5,
    unit: 'Each',
  },
  {
    code: 'A4335-PR',
    name: 'Prevail Washcloths, 48 ct',
    path: 'Incontinence/Skin Care/Cleansing Wipes',
    type: 'supply',
    cost: 3.6,
    price: 7.95,
    unit: 'Pack',
    stock: ['Case'],
  },
  // Nutrition
  {
    code: 'B4150-AB',
    name: 'Jevity 1.2 Cal, 8 oz',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 1.62,
    price: 3.4,
    unit: 'Case',
    stock: ['Each'],
    description: 'Fiber-fortified tube feeding formula; case of 24.',
  },
  {
    code: 'B4152-AB',
    name: 'Jevity 1.5 Cal, 8 oz',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 1.88,
    price: 3.95,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4150-AO',
    name: 'Osmolite 1.2 Cal, 8 oz',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 1.55,
    price: 3.25,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4154-AG',
    name: 'Glucerna 1.2 Cal, 8 oz',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 2.05,
    price: 4.3,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4150-NE',
    name: 'Nestle Fibersource HN, 8 oz',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 1.7,
    price: 3.6,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4152-NE',
    name: 'Nestle Isosource 1.5 Cal, 8 oz',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 1.92,
    price: 4.05,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4153-NE',
    name: 'Nestle Peptamen 1.5, 250 mL',
    path: 'Nutrition/Enteral/Formula',
    type: 'nutrition',
    cost: 4.1,
    price: 8.6,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4035-MO',
    name: 'Moog EnteraLite Infinity Pump Set',
    path: 'Nutrition/Enteral/Feeding Sets',
    type: 'supply',
    cost: 8.25,
    price: 16.5,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4035-KG',
    name: 'Kangaroo ePump Feeding Set 1000 mL',
    path: 'Nutrition/Enteral/Feeding Sets',
    type: 'supply',
    cost: 7.6,
    price: 15.25,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B4036-KG',
    name: 'Kangaroo Gravity Feeding Bag 1000 mL',
    path: 'Nutrition/Enteral/Feeding Sets',
    type: 'supply',
    cost: 3.9,
    price: 8.75,
    unit: 'Case',
    stock: ['Each'],
  },
  {
    code: 'B9002-MO',
    name: 'Moog EnteraLite Infinity Enteral Pump',
    path: 'Nutrition/Enteral/Feeding Pumps',
    type: 'rental',
    cost: 1450,
    price: 145,
    unit: 'Each',
  },
  {
    code: 'B4034-MD',
    name: 'ENFit Enteral Syringe 60 mL',
    path: 'Nutrition/Enteral/Syringes & Extension Sets',
    type: 'supply',
    cost: 0.85,
    price: 2.1,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'B4150-EN',
    name: 'Ensure Original Nutrition Shake, 8 oz',
    path: 'Nutrition/Oral Supplements/Shakes',
    type: 'nutrition',
    cost: 1.35,
    price: 2.75,
    unit: 'Case',
    stock: ['Pack', 'Each'],
  },
  {
    code: 'B4152-EP',
    name: 'Ensure Plus Nutrition Shake, 8 oz',
    path: 'Nutrition/Oral Supplements/Shakes',
    type: 'nutrition',
    cost: 1.49,
    price: 2.99,
    unit: 'Case',
    stock: ['Pack', 'Each'],
  },
  {
    code: 'B4154-GS',
    name: 'Glucerna Shake, 8 oz',
    path: 'Nutrition/Oral Supplements/Shakes',
    type: 'nutrition',
    cost: 1.58,
    price: 3.19,
    unit: 'Case',
    stock: ['Pack', 'Each'],
  },
  {
    code: 'B4150-BS',
    name: 'Boost High Protein Drink, 8 oz',
    path: 'Nutrition/Oral Supplements/Shakes',
    type: 'nutrition',
    cost: 1.41,
    price: 2.89,
    unit: 'Case',
    stock: ['Pack'],
  },
  {
    code: 'B4100-TU',
    name: 'Thick-It Original Food Thickener 8 oz',
    path: 'Nutrition/Oral Supplements/Thickeners',
    type: 'nutrition',
    cost: 5.7,
    price: 11.95,
    unit: 'Each',
    stock: ['Case'],
  },
  // Wound care
  {
    code: 'A6212-MO',
    name: 'Mepilex Border Foam Dressing',
    path: 'Wound Care/Dressings/Foam Dressings',
    type: 'supply',
    cost: 3.15,
    price: 7.4,
    unit: 'Box',
    stock: ['Each'],
    sizes: SIZES.pad,
  },
  {
    code: 'A6209-AL',
    name: 'Allevyn Non-Adhesive Foam Dressing',
    path: 'Wound Care/Dressings/Foam Dressings',
    type: 'supply',
    cost: 2.8,
    price: 6.65,
    unit: 'Box',
    stock: ['Each'],
    sizes: SIZES.pad,
  },
  {
    code: 'A6234-CV',
    name: 'DuoDERM CGF Hydrocolloid Dressing',
    path: 'Wound Care/Dressings/Hydrocolloid Dressings',
    type: 'supply',
    cost: 2.95,
    price: 6.9,
    unit: 'Box',
    stock: ['Each'],
    sizes: SIZES.pad,
  },
  {
    code: 'A6196-CV',
    name: 'Kaltostat Calcium Alginate Dressing',
    path: 'Wound Care/Dressings/Alginate Dressings',
    type: 'supply',
    cost: 3.4,
    price: 7.85,
    unit: 'Box',
    stock: ['Each'],
    sizes: SIZES.pad,
  },
  {
    code: 'A6402-MD',
    name: 'Medline Sterile Gauze Sponges 4x4, 12-ply',
    path: 'Wound Care/Dressings/Gauze',
    type: 'supply',
    cost: 0.12,
    price: 0.35,
    unit: 'Box',
    stock: ['Case'],
  },
  {
    code: 'A6257-3M',
    name: '3M Tegaderm Transparent Film 4x4.75',
    path: 'Wound Care/Dressings/Transparent Film',
    type: 'supply',
    cost: 0.74,
    price: 1.85,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A4450-3M',
    name: '3M Micropore Paper Tape 1 in',
    path: 'Wound Care/Tapes & Wraps/Medical Tape',
    type: 'supply',
    cost: 0.55,
    price: 1.4,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A6448-MD',
    name: 'Medline Elastic Bandage 4 in',
    path: 'Wound Care/Tapes & Wraps/Compression Wraps',
    type: 'supply',
    cost: 0.9,
    price: 2.25,
    unit: 'Each',
    stock: ['Box'],
  },
  // Mobility
  {
    code: 'K0001-DR',
    name: 'Drive Cruiser III Standard Wheelchair 18"',
    path: 'Mobility/Wheelchairs/Standard Wheelchairs',
    type: 'rental',
    cost: 185,
    price: 62,
    unit: 'Each',
    description: 'Standard wheelchair, swing-away footrests; monthly rental.',
  },
  {
    code: 'K0003-IN',
    name: 'Invacare Tracer SX5 Lightweight Wheelchair 20"',
    path: 'Mobility/Wheelchairs/Standard Wheelchairs',
    type: 'rental',
    cost: 265,
    price: 78,
    unit: 'Each',
  },
  {
    code: 'E1038-DR',
    name: 'Drive Lightweight Transport Chair 19"',
    path: 'Mobility/Wheelchairs/Transport Chairs',
    type: 'purchase',
    cost: 98,
    price: 189,
    unit: 'Each',
  },
  {
    code: 'K0823-PR',
    name: 'Pride Jazzy Select 6 Power Wheelchair',
    path: 'Mobility/Wheelchairs/Power Wheelchairs',
    type: 'rental',
    cost: 1890,
    price: 395,
    unit: 'Each',
  },
  {
    code: 'E0143-DR',
    name: 'Drive Folding Walker with 5" Wheels',
    path: 'Mobility/Walkers/Folding Walkers',
    type: 'purchase',
    cost: 24.5,
    price: 54.99,
    unit: 'Each',
  },
  {
    code: 'E0135-MD',
    name: 'Medline Folding Walker, Adult',
    path: 'Mobility/Walkers/Folding Walkers',
    type: 'purchase',
    cost: 21.75,
    price: 49.99,
    unit: 'Each',
  },
  {
    code: 'E0149-DR',
    name: 'Drive Nitro Euro Style Rollator',
    path: 'Mobility/Walkers/Rollators',
    type: 'purchase',
    cost: 86,
    price: 179,
    unit: 'Each',
  },
  {
    code: 'E0149-MD',
    name: 'Medline Empower Rollator',
    path: 'Mobility/Walkers/Rollators',
    type: 'purchase',
    cost: 92,
    price: 189,
    unit: 'Each',
  },
  {
    code: 'E0100-DR',
    name: 'Drive Offset Handle Cane',
    path: 'Mobility/Canes & Crutches/Canes',
    type: 'purchase',
    cost: 6.8,
    price: 16.99,
    unit: 'Each',
  },
  {
    code: 'E0105-DR',
    name: 'Drive Quad Cane, Small Base',
    path: 'Mobility/Canes & Crutches/Canes',
    type: 'purchase',
    cost: 14.2,
    price: 32.99,
    unit: 'Each',
  },
  {
    code: 'E0114-DR',
    name: 'Drive Aluminum Crutches, Adult',
    path: 'Mobility/Canes & Crutches/Crutches',
    type: 'purchase',
    cost: 12.9,
    price: 29.99,
    unit: 'Pack',
  },
  {
    code: 'E0630-IN',
    name: 'Invacare Hydraulic Patient Lift',
    path: 'Mobility/Patient Lifts/Hydraulic Lifts',
    type: 'rental',
    cost: 615,
    price: 115,
    unit: 'Each',
  },
  {
    code: 'E0621-IN',
    name: 'Invacare Full Body Mesh Sling',
    path: 'Mobility/Patient Lifts/Slings',
    type: 'purchase',
    cost: 58,
    price: 119,
    unit: 'Each',
    sizes: [
      ['M', 'Medium'],
      ['L', 'Large'],
    ],
  },
  // Beds and support surfaces
  {
    code: 'E0260-DR',
    name: 'Drive Delta Ultra Lite Semi-Electric Bed',
    path: 'Beds & Support Surfaces/Hospital Beds/Semi-Electric Beds',
    type: 'rental',
    cost: 890,
    price: 145,
    unit: 'Each',
    description: 'Semi-electric hospital bed with innerspring mattress and half rails.',
  },
  {
    code: 'E0260-IN',
    name: 'Invacare Etude HC Semi-Electric Bed',
    path: 'Beds & Support Surfaces/Hospital Beds/Semi-Electric Beds',
    type: 'rental',
    cost: 940,
    price: 152,
    unit: 'Each',
  },
  {
    code: 'E0265-DR',
    name: 'Drive Delta 1000 Full-Electric Bed',
    path: 'Beds & Support Surfaces/Hospital Beds/Full-Electric Beds',
    type: 'rental',
    cost: 1120,
    price: 189,
    unit: 'Each',
  },
  {
    code: 'E0184-DR',
    name: 'Drive Gravity 7 Pressure Redistribution Mattress',
    path: 'Beds & Support Surfaces/Mattresses & Overlays/Pressure Redistribution Mattresses',
    type: 'purchase',
    cost: 215,
    price: 399,
    unit: 'Each',
  },
  {
    code: 'E0277-DR',
    name: 'Drive Med-Aire Plus Alternating Pressure Mattress',
    path: 'Beds & Support Surfaces/Mattresses & Overlays/Pressure Redistribution Mattresses',
    type: 'rental',
    cost: 1380,
    price: 395,
    unit: 'Each',
  },
  {
    code: 'E0181-DR',
    name: 'Drive Alternating Pressure Pad with Pump',
    path: 'Beds & Support Surfaces/Mattresses & Overlays/Alternating Pressure Overlays',
    type: 'purchase',
    cost: 48,
    price: 99,
    unit: 'Each',
  },
  {
    code: 'E0910-DR',
    name: 'Drive Bed Trapeze Bar with Floor Stand',
    path: 'Beds & Support Surfaces/Bed Accessories/Trapeze Bars',
    type: 'rental',
    cost: 210,
    price: 48,
    unit: 'Each',
  },
  {
    code: 'E0305-DR',
    name: 'Drive Half-Length Bed Rails, Pair',
    path: 'Beds & Support Surfaces/Bed Accessories/Bed Rails',
    type: 'purchase',
    cost: 64,
    price: 129,
    unit: 'Pack',
  },
  {
    code: 'E0274-DR',
    name: 'Drive Non-Tilt Overbed Table',
    path: 'Beds & Support Surfaces/Bed Accessories/Overbed Tables',
    type: 'purchase',
    cost: 52,
    price: 109,
    unit: 'Each',
  },
  // Bath and toileting
  {
    code: 'E0163-DR',
    name: 'Drive 3-in-1 Steel Bedside Commode',
    path: 'Bath & Toileting/Commodes',
    type: 'purchase',
    cost: 34.5,
    price: 74.99,
    unit: 'Each',
  },
  {
    code: 'E0240-DR',
    name: 'Drive Shower Chair with Back',
    path: 'Bath & Toileting/Shower Chairs',
    type: 'purchase',
    cost: 27.9,
    price: 59.99,
    unit: 'Each',
  },
  {
    code: 'E0247-DR',
    name: 'Drive Transfer Bench with Back',
    path: 'Bath & Toileting/Shower Chairs',
    type: 'purchase',
    cost: 38.6,
    price: 84.99,
    unit: 'Each',
  },
  {
    code: 'E0244-DR',
    name: 'Drive Raised Toilet Seat with Lock, 4"',
    path: 'Bath & Toileting/Raised Toilet Seats',
    type: 'purchase',
    cost: 19.4,
    price: 42.99,
    unit: 'Each',
  },
  // Ostomy
  {
    code: 'A5063-HO',
    name: 'Hollister New Image Drainable Pouch 2-1/4"',
    path: 'Ostomy/Pouches',
    type: 'supply',
    cost: 3.85,
    price: 8.4,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A5061-CV',
    name: 'ConvaTec Esteem+ Drainable Pouch',
    path: 'Ostomy/Pouches',
    type: 'supply',
    cost: 4.1,
    price: 8.95,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A4414-HO',
    name: 'Hollister FlexWear Skin Barrier 2-1/4"',
    path: 'Ostomy/Skin Barriers',
    type: 'supply',
    cost: 5.6,
    price: 12.25,
    unit: 'Box',
    stock: ['Each'],
  },
  {
    code: 'A4406-CV',
    name: 'ConvaTec Stomahesive Paste 2 oz',
    path: 'Ostomy/Ostomy Accessories',
    type: 'supply',
    cost: 7.9,
    price: 16.5,
    unit: 'Each',
  },
  {
    code: 'A4455-HO',
    name: 'Hollister Adapt Adhesive Remover Wipes',
    path: 'Ostomy/Ostomy Accessories',
    type: 'supply',
    cost: 0.42,
    price: 0.99,
    unit: 'Box',
    stock: ['Each'],
  },
  // Services
  {
    code: 'S5180-SV',
    name: 'Respiratory Therapist Home Visit',
    path: 'Respiratory',
    type: 'service',
    cost: 55,
    price: 110,
    unit: 'Hours',
    description: 'CPAP set-up, mask fitting and education.',
  },
  {
    code: 'K0739-SV',
    name: 'Equipment Repair Labor',
    path: 'Mobility',
    type: 'service',
    cost: 35,
    price: 78,
    unit: 'Hours',
  },
  {
    code: 'A9901-SV',
    name: 'Delivery and Set-Up Fee',
    path: 'Beds & Support Surfaces',
    type: 'service',
    cost: 20,
    price: 45,
    unit: 'Each',
  },
];

/** How each payer's price relates to the general (retail) price, rounded to cents. */
const PAYER_FACTORS: [PriceVariantOption, number][] = [
  ['Medicare', 0.82],
  ['Iowa', 0.78],
  ['MoHealth', 0.76],
  ['Arkansas', 0.79],
  ['Cash', 0.9],
  ['Waiver', 0.95],
];

/** A small deterministic generator (mulberry32): the same catalog on every first run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

interface SeedProduct {
  name: string;
  description: string;
  internal_code: string;
  type_id: number;
  quantity: number;
  cost_price: string;
  path: string;
  variants: {
    price_variant: PriceVariantOption;
    description: string;
    sale_price: string;
    cost_price: string;
    unit_measure: UnitMeasure;
  }[];
  units: { unit_measure: UnitMeasure; quantity: number; active: boolean }[];
}

function build(family: Family, size: readonly [string, string] | null, next: () => number, index: number): SeedProduct {
  const stockUnits = [family.unit, ...(family.stock ?? []).filter((u) => u !== family.unit)];
  const rented = family.type === 'rental';
  const onHand = family.type === 'service' ? 0 : Math.floor(next() * (rented ? 12 : 240));
  const general = family.price;
  const payers = PAYER_FACTORS.filter((_, i) => i === 0 || (index + i) % 3 === 0);
  return {
    name: size ? `${family.name}, ${size[1]}` : family.name,
    description: family.description ?? '',
    internal_code: size ? `${family.code}-${size[0]}` : family.code,
    type_id: TYPE[family.type],
    quantity: onHand,
    cost_price: money(family.cost),
    path: family.path,
    variants: [
      {
        price_variant: 'General' as const,
        description: rented ? 'Monthly rental' : 'Retail price',
        sale_price: money(general),
        cost_price: money(family.cost),
        unit_measure: family.unit,
      },
      ...payers.map(([option, factor]) => ({
        price_variant: option,
        description: option === 'Cash' ? 'Cash discount' : `${option} allowable`,
        sale_price: money(general * factor),
        cost_price: money(family.cost),
        unit_measure: family.unit,
      })),
    ],
    units:
      family.type === 'service'
        ? []
        : stockUnits.map((unit, i) => ({
            unit_measure: unit,
            quantity: i === 0 ? onHand : Math.floor(next() * 40),
            active: i === 0 || next() > 0.25,
          })),
  };
}

/** The demo catalog, expanded by size: about 150 products. */
export function demoCatalog(): SeedProduct[] {
  const next = random(20260411);
  const out: SeedProduct[] = [];
  for (const family of CATALOG) {
    for (const size of family.sizes ?? [null]) out.push(build(family, size, next, out.length));
  }
  return out;
}

/** Category ids of a path ("Group/Category/Subcategory"): one id per level, as the form sends them. */
async function categoryPaths(db: Db): Promise<Map<string, number[]>> {
  const rows = await db.selectFrom('categories').select(['id', 'name', 'parent_id']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, number[]>();
  for (const row of rows) {
    const chain: typeof rows = [];
    for (
      let c: (typeof rows)[number] | undefined = row;
      c;
      c = c.parent_id === null ? undefined : byId.get(c.parent_id)
    )
      chain.unshift(c);
    paths.set(
      chain.map((c) => c.name).join('/'),
      chain.map((c) => c.id),
    );
  }
  return paths;
}

async function insertProducts(db: Db, products: SeedProduct[]): Promise<number> {
  const paths = await categoryPaths(db);
  return db.transaction().execute(async (trx) => {
    const inserted: { id: number; internal_code: string }[] = [];
    const rows = products.map(({ name, description, internal_code, type_id, quantity, cost_price }) => ({
      name,
      description,
      internal_code,
      type_id,
      quantity,
      cost_price,
    }));
    for (const batch of batchesOf(rows)) {
      inserted.push(
        ...(await trx
          .insertInto('products')
          .values(batch)
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'internal_code'])
          .execute()),
      );
    }
    const byCode = new Map(products.map((p) => [p.internal_code, p]));
    const variants = [];
    const units = [];
    const categories = [];
    for (const { id, internal_code } of inserted) {
      const p = byCode.get(internal_code)!;
      variants.push(...p.variants.map((v) => ({ ...v, product_id: id })));
      units.push(...p.units.map((u) => ({ ...u, product_id: id })));
      categories.push(...(paths.get(p.path) ?? []).map((category_id) => ({ product_id: id, category_id })));
    }
    for (const batch of batchesOf(variants)) await trx.insertInto('price_variants').values(batch).execute();
    for (const batch of batchesOf(units)) await trx.insertInto('product_unit_quantities').values(batch).execute();
    for (const batch of batchesOf(categories)) await trx.insertInto('product_categories').values(batch).execute();
    return inserted.length;
  });
}

/** Demo products of the first run: the HME catalog with payer prices and stock by unit. */
export async function seedDemoProducts(db: Db): Promise<void> {
  await insertProducts(db, demoCatalog());
}

const BATCH = 500;

/**
 * `n` more products for load tests (`npm run seed -- --products N`): catalog items under new
 * reference numbers ("A7030-RS-M-N000123"), inserted in batches with their variants, stock
 * and categories. Answers how many were inserted.
 */
export async function seedManyProducts(db: Db, n: number): Promise<number> {
  const catalog = demoCatalog();
  const { max } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  const start = Number(max ?? 0) + 1;
  let inserted = 0;
  for (let offset = 0; offset < n; offset += BATCH) {
    const batch: SeedProduct[] = [];
    for (let i = offset; i < Math.min(n, offset + BATCH); i++) {
      const base = catalog[i % catalog.length];
      const serial = String(start + i).padStart(6, '0');
      batch.push({ ...base, name: `${base.name} #${serial}`, internal_code: `${base.internal_code}-N${serial}` });
    }
    inserted += await insertProducts(db, batch);
  }
  return inserted;
}
