/**
 * Realistic, deterministic patients for the demo office and load tests: names, Midwest addresses,
 * physicians, insurances, and clinically consistent diagnoses with their HCPCS codes and modifiers.
 */

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same office. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  return { next, int, pick, chance, digits };
}
export type Rng = ReturnType<typeof createRng>;

const FEMALE = [
  'Mary',
  'Patricia',
  'Linda',
  'Barbara',
  'Elizabeth',
  'Jennifer',
  'Maria',
  'Susan',
  'Margaret',
  'Dorothy',
  'Lisa',
  'Nancy',
  'Karen',
  'Betty',
  'Helen',
  'Sandra',
  'Donna',
  'Carol',
  'Ruth',
  'Sharon',
  'Michelle',
  'Laura',
  'Sarah',
  'Deborah',
  'Shirley',
  'Cynthia',
  'Angela',
  'Brenda',
  'Anna',
  'Virginia',
  'Kathleen',
  'Pamela',
  'Martha',
  'Debra',
  'Carolyn',
  'Christine',
  'Janet',
  'Catherine',
  'Frances',
  'Joyce',
  'Diane',
  'Alice',
  'Julie',
  'Teresa',
  'Doris',
  'Gloria',
  'Evelyn',
  'Jean',
  'Cheryl',
  'Mildred',
  'Joan',
  'Judith',
  'Rose',
  'Janice',
  'Beverly',
  'Irene',
  'Marilyn',
  'Louise',
  'Wanda',
  'Bonnie',
  'Ruby',
  'Lois',
  'Phyllis',
  'Norma',
  'Lillian',
  'Gladys',
  'Rita',
  'Connie',
  'Florence',
  'Edna',
  'Carmen',
  'Rosa',
  'Guadalupe',
  'Lucia',
  'Thelma',
  'Ethel',
  'Marjorie',
  'Esther',
  'Juanita',
  'Hazel',
  'Clara',
  'Lucille',
  'Eleanor',
  'Darlene',
];
const MALE = [
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Charles',
  'Joseph',
  'Thomas',
  'Daniel',
  'Paul',
  'Mark',
  'Donald',
  'George',
  'Kenneth',
  'Steven',
  'Edward',
  'Ronald',
  'Anthony',
  'Gary',
  'Larry',
  'Jeffrey',
  'Frank',
  'Raymond',
  'Gregory',
  'Jerry',
  'Dennis',
  'Walter',
  'Patrick',
  'Harold',
  'Douglas',
  'Henry',
  'Carl',
  'Arthur',
  'Roger',
  'Albert',
  'Gerald',
  'Keith',
  'Samuel',
  'Willie',
  'Ralph',
  'Lawrence',
  'Roy',
  'Bruce',
  'Eugene',
  'Russell',
  'Howard',
  'Ernest',
  'Phillip',
  'Earl',
  'Stanley',
  'Leonard',
  'Dale',
  'Norman',
  'Marvin',
  'Glenn',
  'Melvin',
  'Alfred',
  'Herbert',
  'Clifford',
  'Lloyd',
  'Floyd',
  'Vernon',
  'Clarence',
  'Leroy',
  'Jose',
  'Juan',
  'Manuel',
  'Luis',
  'Jesus',
  'Francisco',
  'Dwight',
  'Wayne',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Phillips',
  'Evans',
  'Turner',
  'Parker',
  'Collins',
  'Edwards',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Wood',
  'Bennett',
  'Gray',
  'Hughes',
  'Price',
  'Sanders',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Fisher',
  'Simmons',
  'Jordan',
  'Patterson',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'West',
  'Cole',
  'Hayes',
  'Gibson',
  'Ellis',
  'Stevens',
  'Murray',
  'Ford',
  'Marshall',
  'Owens',
  'Harrison',
  'McDonald',
  'Woods',
  'Kennedy',
  'Wells',
  'Olson',
  'Larson',
  'Swanson',
  'Hansen',
  'Schmidt',
  'Schroeder',
  'Becker',
  'Meyer',
  'Wagner',
  'Hoffman',
  'Schultz',
  'Krueger',
  'Novak',
  'Kowalski',
  'Lindquist',
  'Johansen',
  'Vogel',
  'Ramirez',
  'Torres',
  'Reyes',
  'Gutierrez',
  'Ortiz',
  'Chavez',
];
const HISPANIC_LAST = new Set([
  'Garcia',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Sanchez',
  'Flores',
  'Ramirez',
  'Torres',
  'Reyes',
  'Gutierrez',
  'Ortiz',
  'Chavez',
]);
const MIDDLE = [
  '',
  '',
  '',
  'A',
  'B',
  'C',
  'D',
  'E',
  'J',
  'L',
  'M',
  'R',
  'S',
  'T',
  'Ann',
  'Lee',
  'Mae',
  'Jo',
  'Ray',
  'Lynn',
];

/** Cities by state abbreviation: [city, zip prefix, area code]. */
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
const STATE_WEIGHTS: [string, number][] = [
  ['IA', 40],
  ['MO', 15],
  ['AR', 12],
  ['KS', 12],
  ['NE', 11],
  ['IL', 10],
];

const STREETS = [
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
const FACILITIES = [
  'Sunrise Senior Living',
  'Prairie Meadows Care Center',
  'Good Samaritan Society',
  'Riverview Manor',
  'Heritage Nursing & Rehab',
  'Oak Grove Assisted Living',
];
const PHYSICIANS = [
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
const NOTES = [
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
const RELATIONS = ['Daughter', 'Son', 'Spouse', 'Caregiver', 'Niece', 'Grandson', 'Neighbor'];

/** [name, policy number pattern]: 'M' Medicare MBI, 'D' state Medicaid, 'C' commercial. */
const MEDICAID: Record<string, string> = {
  IA: 'Iowa Medicaid (IA Health Link)',
  AR: 'Arkansas Medicaid',
  MO: 'MO HealthNet',
  KS: 'KanCare',
  NE: 'Nebraska Medicaid (Heritage Health)',
  IL: 'Illinois Medicaid',
};
const BLUE_CROSS: Record<string, string> = {
  IA: 'Wellmark Blue Cross Blue Shield of Iowa',
  AR: 'Arkansas Blue Cross Blue Shield',
  MO: 'Blue Cross Blue Shield of Kansas City',
  KS: 'Blue Cross Blue Shield of Kansas',
  NE: 'Blue Cross Blue Shield of Nebraska',
  IL: 'Blue Cross Blue Shield of Illinois',
};
const COMMERCIAL = [
  'UnitedHealthcare',
  'Aetna',
  'Humana Medicare Advantage',
  'Cigna',
  'Medica',
  'TRICARE For Life',
  'AARP Medicare Supplement',
];

interface Condition {
  tag: string | null;
  diagnoses: string[];
  hcps: [string, string[]][];
}
/** Diagnoses (ICD-10) with the supplies and equipment (HCPCS and usual modifiers) they call for. */
const CONDITIONS: Condition[] = [
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

export interface SeedContact {
  contact_name: string;
  contact_number: string;
  contact_relation: string;
}

export interface SeedPatient {
  first_name: string;
  middle_name: string;
  last_name: string;
  address_1: string;
  address_2: string;
  city: string;
  zip: string;
  phone: string;
  mobile: string;
  fax: string;
  email: string;
  notes: string;
  gender: string;
  physician_name: string;
  physician_npi: string;
  physician_phone: string;
  physician_fax: string;
  state_id: number | null;
  birthdate: string | null;
  facility: boolean;
  rentals: boolean;
  call_before_delivery: boolean;
  contact_different_patient: boolean;
  status: string;
  contacts: SeedContact[];
  insurances: { name: string; policy_number: string }[];
  diagnoses: string[];
  hcps: { text: string; modifiers: string[] }[];
  tags: string[];
}

const phone = (rng: Rng, area: string) => `${area}-555-${rng.digits(4)}`;

/** A valid NPI: 9 digits starting with 1 plus the Luhn check digit over the 80840 prefix. */
function npi(rng: Rng): string {
  const body = `1${rng.digits(8)}`;
  const digits = `80840${body}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i];
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A Medicare Beneficiary Identifier shape: 11 characters, no S, L, O, I, B or Z. */
function mbi(rng: Rng): string {
  const letters = 'ACDEFGHJKMNPQRTUVWXY';
  const alnum = `${letters}0123456789`;
  const n = () => String(rng.int(0, 9));
  const l = () => rng.pick(letters.split(''));
  const a = () => rng.pick(alnum.split(''));
  return `${rng.int(1, 9)}${l()}${a()}${n()}${l()}${a()}${n()}${l()}${l()}${n()}${n()}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function birthdate(rng: Rng, today: Date, exactlyTwenty: boolean): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (exactlyTwenty) {
    d.setUTCFullYear(d.getUTCFullYear() - 20);
    d.setUTCDate(d.getUTCDate() - rng.int(0, 300));
  } else {
    // Mostly Medicare age; some younger patients with chronic conditions.
    const age = rng.chance(0.8) ? rng.int(62, 97) : rng.int(22, 61);
    d.setUTCFullYear(d.getUTCFullYear() - age);
    d.setUTCDate(d.getUTCDate() - rng.int(0, 364));
  }
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function pickState(rng: Rng): string {
  const total = STATE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let roll = rng.int(1, total);
  for (const [abbr, w] of STATE_WEIGHTS) {
    roll -= w;
    if (roll <= 0) return abbr;
  }
  return 'IA';
}

/**
 * One patient. `stateIds` maps abbreviations to usa_states ids; `exactlyTwenty` makes the age
 * exactly 20 (the edit screen shows that age in red).
 */
export function generatePatient(
  rng: Rng,
  stateIds: Record<string, number>,
  today: Date,
  opts: { exactlyTwenty?: boolean; serial?: number } = {},
): SeedPatient {
  const female = rng.chance(0.56);
  const first = rng.pick(female ? FEMALE : MALE);
  const last = rng.pick(LAST);
  const abbr = pickState(rng);
  const [city, zipPrefix, area] = rng.pick(CITIES[abbr]);
  const facility = rng.chance(0.1);
  const status = rng.chance(0.85) ? 'Active' : rng.chance(0.65) ? 'Inactive' : 'Deceased';
  const callBefore = rng.chance(0.3);
  const contactOther = callBefore && rng.chance(0.45);
  const contacts = contactOther
    ? Array.from({ length: rng.chance(0.3) ? 2 : 1 }, () => ({
        contact_name: `${rng.pick(rng.chance(0.5) ? FEMALE : MALE)} ${rng.chance(0.7) ? last : rng.pick(LAST)}`,
        contact_number: phone(rng, area),
        contact_relation: rng.pick(RELATIONS),
      }))
    : [];

  const insurances: SeedPatient['insurances'] = [];
  const age65 = rng.chance(0.8);
  if (age65) insurances.push({ name: 'Medicare Part B', policy_number: mbi(rng) });
  if (rng.chance(age65 ? 0.25 : 0.5))
    insurances.push({ name: MEDICAID[abbr], policy_number: `${abbr}${rng.digits(9)}` });
  if (insurances.length < 2 && rng.chance(0.45)) {
    const name = rng.chance(0.5) ? BLUE_CROSS[abbr] : rng.pick(COMMERCIAL);
    insurances.push({
      name,
      policy_number: `${name
        .slice(0, 3)
        .toUpperCase()
        .replace(/[^A-Z]/g, 'X')}${rng.digits(9)}`,
    });
  }

  const conditions = [rng.pick(CONDITIONS)];
  if (rng.chance(0.3)) {
    const second = rng.pick(CONDITIONS);
    if (second !== conditions[0]) conditions.push(second);
  }
  const diagnoses = conditions.map((c) => rng.pick(c.diagnoses));
  const hcps = conditions.flatMap((c) => {
    const items = [rng.pick(c.hcps)];
    if (rng.chance(0.4)) {
      const more = rng.pick(c.hcps);
      if (more !== items[0]) items.push(more);
    }
    return items.map(([text, mods]) => ({ text, modifiers: rng.chance(0.75) ? [rng.pick(mods)] : [] }));
  });
  const tags = new Set(conditions.map((c) => c.tag).filter((t): t is string => t !== null));
  if (HISPANIC_LAST.has(last) && rng.chance(0.5)) tags.add('Spanish Speaking');
  if (conditions.some((c) => c.tag === 'Mobility') && rng.chance(0.5)) tags.add('Fall Risk');
  if (rng.chance(0.04)) tags.add('VIP');
  if (rng.chance(0.05)) tags.add('Hearing Impaired');
  if (status === 'Deceased' && rng.chance(0.6)) tags.add('Hospice');

  const serial = opts.serial ?? rng.int(1, 99);
  return {
    first_name: first,
    middle_name: rng.pick(MIDDLE),
    last_name: last,
    address_1: facility ? `${rng.int(100, 9999)} ${rng.pick(STREETS)}` : `${rng.int(10, 9999)} ${rng.pick(STREETS)}`,
    address_2: facility
      ? `${rng.pick(FACILITIES)}, Room ${rng.int(101, 340)}`
      : rng.chance(0.12)
        ? `Apt ${rng.int(1, 24)}${rng.pick(['', 'A', 'B'])}`
        : '',
    city,
    zip: `${zipPrefix}${rng.digits(2)}`,
    phone: phone(rng, area),
    mobile: rng.chance(0.4) ? phone(rng, area) : '',
    fax: '',
    email: rng.chance(0.55)
      ? `${first}.${last}${serial}@${rng.pick(['example.com', 'example.net', 'example.org'])}`.toLowerCase()
      : '',
    notes: rng.chance(0.25) ? rng.pick(NOTES) : '',
    gender: female ? 'Female' : 'Male',
    physician_name: rng.pick(PHYSICIANS),
    physician_npi: npi(rng),
    physician_phone: phone(rng, area),
    physician_fax: rng.chance(0.7) ? phone(rng, area) : '',
    state_id: stateIds[abbr] ?? null,
    birthdate: rng.chance(0.97) || opts.exactlyTwenty ? birthdate(rng, today, opts.exactlyTwenty === true) : null,
    facility,
    rentals: rng.chance(0.25) || hcps.some((h) => h.modifiers.includes('RR')),
    call_before_delivery: callBefore,
    contact_different_patient: contactOther,
    status,
    contacts,
    insurances,
    diagnoses,
    hcps,
    tags: [...tags],
  };
}
