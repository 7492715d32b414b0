/** Places, physicians, insurers and conditions of the demo patients (Midwest). */

export const CITIES: Record<string, [string, string, string][]> = {
  IA: [
    ['Des Moines', '503', '515'],
    ['Cedar Rapids', '524', '319'],
    ['Davenport', '528', '563'],
    ['Sioux City', '511', '712'],
    ['Iowa City', '522', '319'],
    ['Ames', '500', '515'],
    ['Waterloo', '507', '319'],
    ['Dubuque', '520', '563'],
    ['Council Bluffs', '515', '712'],
    ['Ankeny', '500', '515'],
  ],
  AR: [
    ['Little Rock', '722', '501'],
    ['Fayetteville', '727', '479'],
    ['Fort Smith', '729', '479'],
    ['Jonesboro', '724', '870'],
    ['Conway', '720', '501'],
    ['Springdale', '727', '479'],
    ['Pine Bluff', '716', '870'],
  ],
  MO: [
    ['Kansas City', '641', '816'],
    ['St. Louis', '631', '314'],
    ['Springfield', '658', '417'],
    ['Columbia', '652', '573'],
    ['Joplin', '648', '417'],
    ['St. Joseph', '645', '816'],
    ['Jefferson City', '651', '573'],
  ],
  KS: [
    ['Wichita', '672', '316'],
    ['Overland Park', '662', '913'],
    ['Topeka', '666', '785'],
    ['Lawrence', '660', '785'],
    ['Salina', '674', '785'],
    ['Manhattan', '665', '785'],
    ['Hutchinson', '675', '620'],
  ],
  NE: [
    ['Omaha', '681', '402'],
    ['Lincoln', '685', '402'],
    ['Grand Island', '688', '308'],
    ['Kearney', '688', '308'],
    ['Bellevue', '680', '402'],
    ['Norfolk', '687', '402'],
  ],
  IL: [
    ['Peoria', '616', '309'],
    ['Springfield', '627', '217'],
    ['Rockford', '611', '815'],
    ['Champaign', '618', '217'],
    ['Moline', '612', '309'],
    ['Quincy', '623', '217'],
  ],
};
/** Most patients live near the office in Iowa; the rest in the neighbouring states. */
export const STATE_WEIGHTS: [string, number][] = [
  ['IA', 40],
  ['MO', 15],
  ['AR', 12],
  ['KS', 12],
  ['NE', 11],
  ['IL', 10],
];

export const STREETS = [
  'Main St',
  'Oak St',
  'Maple Ave',
  'Elm St',
  'Pine St',
  'Cedar Ln',
  'Washington St',
  'Lincoln Ave',
  'Park Ave',
  'Grand Ave',
  '2nd St',
  '3rd Ave',
  'Jefferson St',
  'Hickory Dr',
  'Walnut St',
  'Locust St',
  'Prairie View Dr',
  'Country Club Rd',
  'Meadow Ln',
  'Sunset Dr',
  'Lakeview Dr',
  'Church St',
  'Mill Rd',
  'College Ave',
  'University Ave',
  'Highland Ave',
  'Ridge Rd',
  'Forest Ave',
  'Ingersoll Ave',
  'Division St',
  'Market St',
  'Broadway',
];
export const FACILITIES = [
  'Sunrise Senior Living',
  'Prairie Meadows Care Center',
  'Good Samaritan Society',
  'Riverview Manor',
  'Heritage Nursing & Rehab',
  'Oak Grove Assisted Living',
];
export const PHYSICIANS = [
  'Dr. Alan Brooks',
  'Dr. Priya Raman',
  'Dr. Steven Kowalski',
  'Dr. Hannah Lindgren',
  'Dr. Marcus Webb',
  'Dr. Elena Vasquez',
  'Dr. Robert Chen',
  'Dr. Laura Mitchell',
  'Dr. David Osei',
  'Dr. Karen Schultz',
  'Dr. Thomas Reilly',
  'Dr. Amira Haddad',
  'Dr. Jonathan Price',
  'Dr. Megan Larsen',
  'Dr. Victor Alvarez',
];
export const NOTES = [
  'Deliver to the side door; dog in the yard.',
  'Prefers calls after 10 AM.',
  'Daughter handles all orders.',
  'Hard of hearing: speak slowly and clearly.',
  'Spanish speaking; son translates.',
  'Gate code 2468.',
  'Leave packages with the front desk.',
  'Call before 3 PM, works evenings.',
  'Lives on the second floor, no elevator.',
  'Needs help carrying boxes inside.',
];
export const RELATIONS = ['Daughter', 'Son', 'Spouse', 'Caregiver', 'Niece', 'Grandson', 'Neighbor'];

/** [name, policy number pattern]: 'M' Medicare MBI, 'D' state Medicaid, 'C' commercial. */
export const MEDICAID: Record<string, string> = {
  IA: 'Iowa Medicaid (IA Health Link)',
  AR: 'Arkansas Medicaid',
  MO: 'MO HealthNet',
  KS: 'KanCare',
  NE: 'Nebraska Medicaid (Heritage Health)',
  IL: 'Illinois Medicaid',
};
export const BLUE_CROSS: Record<string, string> = {
  IA: 'Wellmark Blue Cross Blue Shield of Iowa',
  AR: 'Arkansas Blue Cross Blue Shield',
  MO: 'Blue Cross Blue Shield of Kansas City',
  KS: 'Blue Cross Blue Shield of Kansas',
  NE: 'Blue Cross Blue Shield of Nebraska',
  IL: 'Blue Cross Blue Shield of Illinois',
};
export const COMMERCIAL = [
  'UnitedHealthcare',
  'Aetna',
  'Humana Medicare Advantage',
  'Cigna',
  'Medica',
  'TRICARE For Life',
  'AARP Medicare Supplement',
];

export interface Condition {
  tag: string | null;
  diagnoses: string[];
  hcps: [string, string[]][];
}
/** Diagnoses (ICD-10) with the supplies and equipment (HCPCS and usual modifiers) they call for. */
export const CONDITIONS: Condition[] = [
  {
    tag: 'Diabetic',
    diagnoses: [
      'E11.9 Type 2 diabetes mellitus without complications',
      'E11.65 Type 2 diabetes mellitus with hyperglycemia',
      'E10.9 Type 1 diabetes mellitus without complications',
    ],
    hcps: [
      ['A4253 Blood glucose test strips, per 50 strips', ['NU', 'KX', 'KS']],
      ['A4259 Lancets, per box of 100', ['NU', 'KS']],
      ['E0607 Home blood glucose monitor', ['NU', 'KX']],
    ],
  },
  {
    tag: 'CPAP',
    diagnoses: ['G47.33 Obstructive sleep apnea (adult) (pediatric)'],
    hcps: [
      ['E0601 Continuous positive airway pressure (CPAP) device', ['RR', 'KX', 'KH']],
      ['A7030 Full face mask used with positive airway pressure device', ['NU', 'KX']],
      ['A7037 Tubing used with positive airway pressure device', ['NU']],
      ['E0562 Humidifier, heated, used with positive airway pressure device', ['RR', 'KX']],
    ],
  },
  {
    tag: 'Oxygen',
    diagnoses: [
      'J44.9 Chronic obstructive pulmonary disease, unspecified',
      'J96.11 Chronic respiratory failure with hypoxia',
      'I50.9 Heart failure, unspecified',
      'Z99.81 Dependence on supplemental oxygen',
    ],
    hcps: [
      ['E1390 Oxygen concentrator, single delivery port', ['RR', 'QF']],
      ['E0431 Portable gaseous oxygen system, rental', ['RR']],
      ['A4615 Cannula, nasal', ['NU']],
    ],
  },
  {
    tag: 'Incontinence',
    diagnoses: [
      'R32 Unspecified urinary incontinence',
      'N39.3 Stress incontinence (female) (male)',
      'N31.9 Neuromuscular dysfunction of bladder, unspecified',
    ],
    hcps: [
      ['T4527 Adult sized disposable incontinence product, protective underwear, large', ['NU']],
      ['A4554 Disposable underpads, all sizes', ['NU']],
      ['A4351 Intermittent urinary catheter, straight tip', ['NU', 'KX']],
    ],
  },
  {
    tag: 'Wound Care',
    diagnoses: [
      'L89.154 Pressure ulcer of sacral region, stage 4',
      'L97.419 Non-pressure chronic ulcer of right heel and midfoot',
    ],
    hcps: [
      ['A6212 Foam dressing, wound cover, sterile, pad size more than 16 sq in', ['A1', 'NU']],
      ['A6021 Collagen dressing, sterile, size 16 sq in or less', ['A2', 'NU']],
      ['E2402 Negative pressure wound therapy electrical pump', ['RR', 'KX']],
    ],
  },
  {
    tag: 'Mobility',
    diagnoses: [
      'M17.11 Unilateral primary osteoarthritis, right knee',
      "G20.A1 Parkinson's disease without dyskinesia",
      'I63.9 Cerebral infarction, unspecified',
      'R26.81 Unsteadiness on feet',
      'G35 Multiple sclerosis',
    ],
    hcps: [
      ['E0143 Walker, folding, wheeled, adjustable or fixed height', ['NU', 'RR']],
      ['K0001 Standard wheelchair', ['RR', 'KX']],
      ['E0260 Hospital bed, semi-electric, with mattress', ['RR', 'KX']],
      ['E0163 Commode chair, stationary, with fixed arms', ['NU', 'RR']],
    ],
  },
  {
    tag: 'Nutrition',
    diagnoses: ['E43 Unspecified severe protein-calorie malnutrition', 'R13.10 Dysphagia, unspecified'],
    hcps: [
      ['B4150 Enteral formula, category I, 100 calories', ['BA', 'NU']],
      ['B4035 Enteral feeding supply kit, pump fed, per day', ['BA', 'NU']],
      ['B9002 Enteral nutrition infusion pump', ['RR', 'BA']],
    ],
  },
];
