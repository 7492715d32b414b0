import { ageInYears, npiCheckDigit, todayWire } from '@dme/shared';
import { FEMALE, MALE, LAST, HISPANIC_LAST, MIDDLE } from './patient-names.ts';
import { GROUP_PLANS, payerOfPlan } from './payers.ts';
import {
  CITIES,
  STATE_WEIGHTS,
  STREETS,
  FACILITIES,
  PHYSICIANS,
  NOTES,
  RELATIONS,
  MEDICAID,
  BLUE_CROSS,
  COMMERCIAL,
  CONDITIONS,
} from './patient-facts.ts';

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

export interface SeedContact {
  contact_name: string;
  contact_number: string;
  contact_relation: string;
}

export interface SeedInsurance {
  name: string;
  policy_number: string;
  /** The vendor billed (by name; the insert finds its id when the vendor exists). */
  payer: string;
  /** 1 primary, 2 secondary: the order the plans were added in. */
  priority: number;
  group_number: string;
  /** X12 relationship of the patient to the insured: 18 self, 01 spouse, 19 child. */
  relationship: '18' | '01' | '19';
  subscriber_first_name: string;
  subscriber_last_name: string;
  subscriber_birthdate: string | null;
  subscriber_gender: string;
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
  insurances: SeedInsurance[];
  diagnoses: string[];
  hcps: { text: string; modifiers: string[] }[];
  tags: string[];
}

const phone = (rng: Rng, area: string) => `${area}-555-${rng.digits(4)}`;

/** A valid NPI: 9 digits starting with 1 plus the check digit (Luhn over the 80840 prefix). */
function npi(rng: Rng): string {
  const body = `1${rng.digits(8)}`;
  return `${body}${npiCheckDigit(body)}`;
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

  const insurances: { name: string; policy_number: string }[] = [];
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
  const patient = {
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
    diagnoses,
    hcps,
    tags: [...tags],
  };
  // Drawn last, so the people above stay those of earlier seeds.
  return { ...patient, insurances: coverages(rng, insurances, { last, female, born: patient.birthdate, today }) };
}

/**
 * The coverage of each plan: its payer, priority in the order added (Medicare before Medicaid or
 * a supplement), and for an employer group plan a group number and, now and then, a spouse or
 * (for a young adult) a parent as the insured.
 */
function coverages(
  rng: Rng,
  plans: { name: string; policy_number: string }[],
  patient: { last: string; female: boolean; born: string | null; today: Date },
): SeedInsurance[] {
  return plans.map((plan, i) => {
    const self: SeedInsurance = {
      ...plan,
      payer: payerOfPlan(plan.name),
      priority: i + 1,
      group_number: '',
      relationship: '18',
      subscriber_first_name: '',
      subscriber_last_name: '',
      subscriber_birthdate: null,
      subscriber_gender: '',
    };
    if (!GROUP_PLANS.has(plan.name)) return self;
    self.group_number = `${rng.int(100, 999)}${rng.digits(5)}`;
    if (!patient.born || !rng.chance(0.35)) return self;
    const child = (ageInYears(patient.born, todayWire(patient.today)) ?? 0) < 26;
    const insuredFemale = child ? rng.chance(0.5) : !patient.female;
    const bornYear = Number(patient.born.slice(0, 4)) + (child ? -rng.int(22, 34) : rng.int(-4, 4));
    return {
      ...self,
      relationship: child ? '19' : '01',
      subscriber_first_name: rng.pick(insuredFemale ? FEMALE : MALE),
      subscriber_last_name: patient.last,
      subscriber_birthdate: `${bornYear}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
      subscriber_gender: insuredFemale ? 'Female' : 'Male',
    };
  });
}
