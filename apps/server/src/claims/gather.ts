import { sql } from 'kysely';
import dayjs from 'dayjs';
import {
  HCPCS_FORMAT,
  HOME_PLACE_OF_SERVICE,
  MAX_DIAGNOSES_PER_CLAIM,
  formatDisplayDate,
  isValidNpi,
  microToString,
  toMicro,
  type BillingSettings,
  type ClaimProblem,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { readBillingSettings } from '../lib/billing-settings.ts';
import { holdsFor } from '../lib/holds.ts';
import type {
  BillingProvider,
  ClaimLineX12,
  ClaimX12,
  OtherPayerX12,
  Person,
  Receiver,
  Submitter,
} from '../lib/x12/claim-file.ts';
import type { EraDetail } from '../lib/era-detail.ts';

const COVERAGE_WORDS = { 1: 'primary', 2: 'secondary', 3: 'tertiary' } as const;

/**
 * The date of service billed: the date of the delivery recorded for the occurrence (issue 34),
 * else the occurrence's date (a service's own date for its line, below).
 */
const SERVICE_DATE = sql<string>`coalesce(
  (SELECT d.date FROM documents d WHERE d.ocurrence_id = oc.id AND d.delivered_at IS NOT NULL), oc.date)`;

/**
 * The coverage each invoice bills next: the one after the last payer that paid on it (a primary
 * paid, and the secondary is billed for what is left), else the primary.
 */
async function billingPriorities(db: Executor, invoiceIds: number[]): Promise<Map<number, 1 | 2 | 3>> {
  const rows = await db
    .selectFrom('claims')
    .select(['invoice_id', sql<number>`max(priority)::int`.as('paid')])
    .where('invoice_id', 'in', invoiceIds)
    .where('status', 'in', ['paid', 'partially_paid'])
    .groupBy('invoice_id')
    .execute();
  return new Map(rows.map((r) => [r.invoice_id, Math.min(3, r.paid + 1) as 1 | 2 | 3]));
}

/**
 * What the earlier payers decided on each invoice billed to a later coverage (2320, 2330B and
 * 2430 of its 837P): each earlier payer's latest claim with its 835 answer, as posted.
 */
async function otherPayersOf(
  db: Executor,
  wanted: { invoiceId: number; priority: number }[],
): Promise<Map<number, OtherPayerX12[]>> {
  const later = wanted.filter((w) => w.priority > 1);
  const result = new Map<number, OtherPayerX12[]>();
  if (later.length === 0) return result;
  const rows = await db
    .selectFrom('claims as c')
    .innerJoin('remittance_payments as rp', 'rp.claim_id', 'c.id')
    .innerJoin('eras as e', 'e.id', 'rp.era_id')
    .select(['c.id', 'c.invoice_id', 'c.priority', 'c.snapshot', 'e.id as era_id', 'e.check_date', 'e.detail'])
    .where(
      'c.invoice_id',
      'in',
      later.map((w) => w.invoiceId),
    )
    .where('c.status', 'in', ['paid', 'partially_paid'])
    .where('e.status', '=', 'posted')
    .where('rp.reversed_by', 'is', null)
    .orderBy('c.priority')
    .orderBy('rp.id', 'desc')
    .execute();
  const seen = new Set<string>();
  for (const r of rows) {
    const limit = later.find((w) => w.invoiceId === r.invoice_id)!.priority;
    const key = `${r.invoice_id}:${r.priority}`;
    if (r.priority >= limit || seen.has(key)) continue;
    seen.add(key);
    const claim = (r.snapshot as { claim: ClaimX12 }).claim;
    const answer = [...((r.detail as EraDetail).claims ?? [])]
      .reverse()
      .find((c) => c.claimId === r.id && c.state !== 'reversed');
    if (!answer) continue;
    const payer: OtherPayerX12 = {
      priority: r.priority as 1 | 2 | 3,
      filingIndicator: claim.filingIndicator,
      groupNumber: claim.groupNumber,
      relationship: claim.relationship,
      subscriber: { firstName: claim.subscriber.firstName, lastName: claim.subscriber.lastName },
      memberId: claim.memberId,
      payer: claim.payer,
      paid: answer.claim.paid,
      adjustments: answer.claim.adjustments,
      paidDate: r.check_date,
      lines: answer.lines.flatMap((l) =>
        l.serviceId === null
          ? []
          : [
              {
                lineControlNumber: String(l.serviceId),
                paid: l.line.paid,
                hcpcs: l.line.hcpcs,
                modifiers: l.line.modifiers,
                units: Math.max(1, Math.round(Number(l.line.units) || 1)),
                adjustments: l.line.adjustments,
                paidDate: r.check_date,
              },
            ],
      ),
    };
    result.set(r.invoice_id, [...(result.get(r.invoice_id) ?? []), payer]);
  }
  return result;
}

/**
 * What a claim for an invoice is made of, read in bulk for a page of the Ready to Bill list or
 * a request that creates claims, and the plain-words problems that would make a payer's front
 * end reject it. `claim` is the 837P data, built only when there is no problem.
 */

export interface GatheredInvoice {
  invoiceId: number;
  invoiceDate: string;
  serviceDate: string;
  balance: string;
  patient: { id: number; first_name: string; last_name: string };
  payer: { id: number; name: string } | null;
  insuranceId: number | null;
  priority: 1 | 2 | 3 | null;
  /** The sum of the billed lines' charges (exact text). */
  amount: string;
  lines: GatheredLine[];
  problems: ClaimProblem[];
  claim: ClaimX12 | null;
}

export interface GatheredLine {
  serviceId: number;
  hcpcs: string;
  modifiers: string[];
  description: string;
  units: number;
  charge: string;
  dateFrom: string;
  dateTo: string;
}

/** The billing settings' row (id 1). */
export function readSettings(db: Executor): Promise<BillingSettings> {
  return readBillingSettings(db);
}

const SETTINGS_FIELDS: [keyof BillingSettings, string, (v: string) => boolean][] = [
  ['organization_name', 'the organization name', (v) => v !== ''],
  ['npi', 'a valid NPI', isValidNpi],
  ['tax_id', 'the tax id', (v) => /^[0-9]{9}$/.test(v)],
  ['taxonomy_code', 'the taxonomy code', (v) => v.length === 10],
  ['address_1', 'the address', (v) => v !== ''],
  ['city', 'the city', (v) => v !== ''],
  ['state', 'the state', (v) => /^[A-Z]{2}$/.test(v)],
  ['zip', 'the nine-digit ZIP', (v) => /^[0-9]{9}$/.test(v)],
  ['submitter_name', 'the submitter name', (v) => v !== ''],
  ['submitter_id', 'the submitter id', (v) => v !== ''],
  ['submitter_contact_name', 'the submitter contact', (v) => v !== ''],
  ['submitter_contact_phone', "the submitter contact's phone", (v) => /^[0-9]{10}$/.test(v)],
  ['receiver_name', 'the receiver name', (v) => v !== ''],
  ['receiver_id', 'the receiver id', (v) => v !== ''],
];

/** What the billing settings lack for a claim: one problem naming every missing field. */
export function settingsProblems(settings: BillingSettings): ClaimProblem[] {
  const missing = SETTINGS_FIELDS.filter(([field, , ok]) => !ok(String(settings[field])));
  if (missing.length === 0) return [];
  const first = missing[0]![0];
  return [
    {
      message: `Billing settings: add ${missing.map(([, words]) => words).join(', ')} (Settings, Billing)`,
      link: `/settings/billing?field=${first}`,
      field: first,
    },
  ];
}

export function billingProviderOf(s: BillingSettings): BillingProvider {
  return {
    organizationName: s.organization_name,
    npi: s.npi,
    taxId: s.tax_id,
    taxonomyCode: s.taxonomy_code,
    address1: s.address_1,
    address2: s.address_2,
    city: s.city,
    state: s.state,
    zip: s.zip,
    phone: s.phone,
  };
}

export function submitterOf(s: BillingSettings): Submitter {
  return {
    name: s.submitter_name,
    id: s.submitter_id,
    contactName: s.submitter_contact_name,
    contactPhone: s.submitter_contact_phone,
  };
}

export function receiverOf(s: BillingSettings): Receiver {
  return { name: s.receiver_name, id: s.receiver_id };
}

/** X12 delimiters and characters a payer's front end refuses in names and ids. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[*~:^|>\u0000-\u001f]/;

/** DMG03 of the product's genders. */
function genderCode(gender: string): 'F' | 'M' | 'U' | null {
  if (gender === 'Female') return 'F';
  if (gender === 'Male') return 'M';
  if (gender === 'Unknown') return 'U';
  return null;
}

/**
 * The physician's name as the ordering provider's last and first names: a leading "Dr." and a
 * trailing ", MD"-style suffix are dropped; the last word is the last name.
 */
export function splitPhysicianName(name: string): { firstName: string; lastName: string } {
  const cleaned = name
    .replace(/^\s*(dr\.?|doctor)\s+/i, '')
    .replace(/,.*$/, '')
    .replace(/\s+(md|do|np|pa|pa-c|dpm)\.?$/i, '')
    .trim();
  const words = cleaned.split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  return { lastName: words[words.length - 1]!, firstName: words.slice(0, -1).join(' ') };
}

/** A rental line (RR) bills a month: from its date to the day before the same day next month. */
function lineDates(date: string, modifiers: string[]): { from: string; to: string } {
  if (!modifiers.includes('RR')) return { from: date, to: date };
  return { from: date, to: dayjs(date).add(1, 'month').subtract(1, 'day').format('YYYY-MM-DD') };
}

/**
 * Gathers the invoices named (in their order), with their problems, against `today`
 * (YYYY-MM-DD): dates of service after it are a problem.
 */
export async function gatherInvoices(
  db: Executor,
  invoiceIds: readonly number[],
  today: string,
  settings: BillingSettings,
  priorityOverride: 1 | 2 | 3 | null = null,
): Promise<GatheredInvoice[]> {
  if (invoiceIds.length === 0) return [];
  const ids = [...invoiceIds];
  const priorities = priorityOverride === null ? await billingPriorities(db, ids) : new Map<number, 1 | 2 | 3>();
  const earlier = await otherPayersOf(
    db,
    ids.map((id) => ({ invoiceId: id, priority: priorityOverride ?? priorities.get(id) ?? 1 })),
  );
  const invoices = await db
    .selectFrom('invoices as i')
    .innerJoin('ocurrences as oc', 'oc.id', 'i.ocurrence_id')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .leftJoin('usa_states as st', 'st.id', 'p.state_id')
    .select([
      'i.id as invoice_id',
      'i.date as invoice_date',
      'i.balance',
      'oc.id as ocurrence_id',
      SERVICE_DATE.as('service_date'),
      'p.id as patient_id',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.birthdate',
      'p.gender',
      'p.address_1',
      'p.address_2',
      'p.city',
      'p.zip',
      'p.facility',
      'p.physician_name',
      'p.physician_npi',
      sql<string | null>`st.abbreviation`.as('state'),
    ])
    .where('i.id', 'in', ids)
    .execute();
  const patientIds = [...new Set(invoices.map((i) => i.patient_id))];
  const occurrenceIds = invoices.map((i) => i.ocurrence_id);

  const [insurances, diagnoses, services, holds] = await Promise.all([
    patientIds.length === 0
      ? []
      : db
          .selectFrom('patient_insurances as pi')
          .leftJoin('vendors as v', 'v.id', 'pi.vendor_id')
          .select([
            'pi.id',
            'pi.patient_id',
            'pi.policy_number',
            'pi.priority',
            'pi.group_number',
            'pi.relationship',
            'pi.subscriber_first_name',
            'pi.subscriber_last_name',
            'pi.subscriber_birthdate',
            'pi.subscriber_gender',
            'v.id as vendor_id',
            'v.name as vendor_name',
            'v.payer_id',
            'v.claim_filing_indicator',
          ])
          .where('pi.patient_id', 'in', patientIds)
          .orderBy('pi.id')
          .execute(),
    patientIds.length === 0
      ? []
      : db
          .selectFrom('patient_diagnoses')
          .select(['patient_id', 'code'])
          .where('patient_id', 'in', patientIds)
          .where('code', '<>', '')
          .orderBy('id')
          .execute(),
    db
      .selectFrom('services as s')
      .innerJoin('products as pr', 'pr.id', 's.product_id')
      .leftJoin('order_products as op', 'op.id', 's.order_product_id')
      .select([
        's.id',
        's.ocurrence_id',
        sql<string>`coalesce(
          (SELECT d.date FROM documents d WHERE d.ocurrence_id = s.ocurrence_id AND d.delivered_at IS NOT NULL),
          s.date)`.as('date'),
        's.quantity',
        's.total',
        's.product_id',
        's.product_name',
        'pr.name as current_product_name',
        'pr.hcpcs_code',
        sql<string[]>`coalesce(s.modifiers, op.modifiers, pr.modifiers)`.as('modifiers'),
      ])
      .where('s.ocurrence_id', 'in', occurrenceIds)
      .where('s.outstanding', 'is not', null)
      // Past a rental's cap a service is not billed: no claim line (issue 33).
      .where('s.billable', '=', true)
      .orderBy('s.id')
      .execute(),
    holdsFor(db, occurrenceIds),
  ]);

  const byId = new Map(invoices.map((i) => [i.invoice_id, i]));
  const baseProblems = settingsProblems(settings);

  return ids.flatMap((invoiceId) => {
    const inv = byId.get(invoiceId);
    if (!inv) return [];
    const who = `Patient ${inv.first_name} ${inv.last_name}`;
    const patientLink = (tab: string, field: string, extra = '') =>
      `/patients/${inv.patient_id}?tab=${tab}&field=${field}${extra}`;
    const problems: ClaimProblem[] = [...baseProblems];
    const add = (message: string, link: string, field: string) => problems.push({ message, link, field });
    // A held occurrence gets no claim: the documents it lacks are the scrubber's first words (issue 34).
    for (const reason of holds.get(inv.ocurrence_id)?.holds ?? []) {
      add(`${who}: on hold: ${reason}`, patientLink('documents', 'documents'), 'holds');
    }

    const own = insurances.filter((x) => x.patient_id === inv.patient_id);
    const target = priorityOverride ?? priorities.get(inv.invoice_id) ?? 1;
    const which = COVERAGE_WORDS[target];
    const primary = own.find((x) => x.priority === target) ?? null;
    if (!primary) {
      add(
        own.length === 0
          ? `${who}: add a primary insurance with its payer (Insurances tab)`
          : `${who}: mark one insurance as ${which} (Insurances tab)`,
        patientLink('insurances', 'priority', own[0] ? `&insurance=${own[0].id}` : ''),
        'priority',
      );
    }
    const ins = primary;
    const insLink = (field: string) => patientLink('insurances', field, ins ? `&insurance=${ins.id}` : '');
    if (ins) {
      if (ins.vendor_id === null)
        add(`${who}: choose the payer of the ${which} insurance (Insurances tab)`, insLink('vendor_id'), 'vendor_id');
      else {
        const vendorLink = (field: string) => `/vendor/${ins.vendor_id}?field=${field}`;
        if (!/^[A-Za-z0-9]+$/.test(ins.payer_id ?? ''))
          add(
            `Payer ${ins.vendor_name}: add its payer id (Vendors, Electronic claims)`,
            vendorLink('payer_id'),
            'payer_id',
          );
        if (!ins.claim_filing_indicator)
          add(
            `Payer ${ins.vendor_name}: choose its claim filing indicator (Vendors, Electronic claims)`,
            vendorLink('claim_filing_indicator'),
            'claim_filing_indicator',
          );
      }
      if (ins.policy_number.trim() === '' || UNSAFE.test(ins.policy_number))
        add(
          `${who}: add a member id to the ${which} insurance (Insurances tab)`,
          insLink('policy_number'),
          'policy_number',
        );
      if (ins.relationship !== '18') {
        if (ins.subscriber_first_name === '' || ins.subscriber_last_name === '')
          add(
            `${who}: add the insured's first and last name to the ${which} insurance (Insurances tab)`,
            insLink('subscriber_last_name'),
            'subscriber_last_name',
          );
        if (!ins.subscriber_birthdate)
          add(
            `${who}: add the insured's birthdate to the ${which} insurance (Insurances tab)`,
            insLink('subscriber_birthdate'),
            'subscriber_birthdate',
          );
        if (!genderCode(ins.subscriber_gender))
          add(
            `${who}: add the insured's gender to the ${which} insurance (Insurances tab)`,
            insLink('subscriber_gender'),
            'subscriber_gender',
          );
      }
    }

    // The patient.
    if (UNSAFE.test(`${inv.first_name}${inv.middle_name}${inv.last_name}`))
      add(
        `${who}: the name holds a character claims cannot carry (* ~ : ^ | >)`,
        patientLink('address', 'first_name'),
        'first_name',
      );
    if (!inv.birthdate) add(`${who}: add the birthdate`, patientLink('address', 'birthdate'), 'birthdate');
    if (!genderCode(inv.gender)) add(`${who}: add the gender`, patientLink('address', 'gender'), 'gender');
    if (inv.address_1.trim() === '' || inv.city.trim() === '' || !inv.state)
      add(
        `${who}: complete the address (street, city and state)`,
        patientLink(
          'address',
          inv.address_1.trim() === '' ? 'address_1' : inv.city.trim() === '' ? 'city' : 'state_id',
        ),
        inv.address_1.trim() === '' ? 'address_1' : inv.city.trim() === '' ? 'city' : 'state_id',
      );
    const zip = inv.zip.replace(/[\s-]/g, '');
    if (!/^([0-9]{5}|[0-9]{9})$/.test(zip))
      add(`${who}: add a five- or nine-digit ZIP`, patientLink('address', 'zip'), 'zip');

    // Diagnoses and the ordering provider.
    const codes = diagnoses.filter((d) => d.patient_id === inv.patient_id).map((d) => d.code);
    if (codes.length === 0)
      add(
        `${who}: add an ICD-10 code to a diagnosis (Insurances tab, Diagnosis)`,
        patientLink('insurances', 'diagnosis'),
        'diagnosis',
      );
    else if (codes.length > MAX_DIAGNOSES_PER_CLAIM)
      add(
        `${who}: a claim carries at most ${MAX_DIAGNOSES_PER_CLAIM} ICD-10 codes; ${codes.length} diagnoses are coded (Insurances tab, Diagnosis)`,
        patientLink('insurances', 'diagnosis'),
        'diagnosis',
      );
    const physician = splitPhysicianName(inv.physician_name);
    if (physician.lastName === '' || UNSAFE.test(inv.physician_name))
      add(
        `${who}: add the physician's name, the ordering provider (Insurances tab, Physician)`,
        patientLink('insurances', 'physician_name'),
        'physician_name',
      );
    if (!isValidNpi(inv.physician_npi))
      add(
        `${who}: add the physician's valid NPI (Insurances tab, Physician)`,
        patientLink('insurances', 'physician_npi'),
        'physician_npi',
      );

    // The lines.
    const lines: GatheredLine[] = [];
    let total = 0n;
    const ownServices = services.filter((s) => s.ocurrence_id === inv.ocurrence_id);
    if (ownServices.length === 0)
      add(`Invoice ${inv.invoice_id}: has no shipped service to bill`, `/invoices/${inv.invoice_id}`, 'services');
    const flagged = new Set<number>();
    for (const s of ownServices) {
      const product = s.current_product_name || s.product_name;
      const hcpcs = s.hcpcs_code;
      if (!HCPCS_FORMAT.test(hcpcs) && !flagged.has(s.product_id)) {
        flagged.add(s.product_id);
        add(
          `Product ${product}: add its HCPCS code (Products)`,
          `/products/${s.product_id}?field=hcpcs_code`,
          'hcpcs_code',
        );
      }
      const cents = toMicro(s.total);
      if (s.quantity <= 0)
        add(
          `Invoice ${inv.invoice_id}: ${s.product_name} on ${formatDisplayDate(s.date)} has no units`,
          `/invoices/${inv.invoice_id}`,
          'quantity',
        );
      if (cents <= 0n)
        add(
          `Invoice ${inv.invoice_id}: ${s.product_name} on ${formatDisplayDate(s.date)} has no charge`,
          `/invoices/${inv.invoice_id}`,
          'sale_price',
        );
      if (s.date > today)
        add(
          `Invoice ${inv.invoice_id}: the date of service ${formatDisplayDate(s.date)} is in the future`,
          `/invoices/${inv.invoice_id}`,
          'date',
        );
      const modifiers = s.modifiers ?? [];
      const dates = lineDates(s.date, modifiers);
      lines.push({
        serviceId: s.id,
        hcpcs,
        modifiers,
        description: s.product_name,
        units: s.quantity,
        charge: microToString(cents, 2),
        dateFrom: dates.from,
        dateTo: dates.to,
      });
      total += cents;
    }

    const payer = ins && ins.vendor_id !== null ? { id: ins.vendor_id, name: ins.vendor_name ?? '' } : null;
    const gathered: GatheredInvoice = {
      invoiceId: inv.invoice_id,
      invoiceDate: inv.invoice_date,
      serviceDate: inv.service_date,
      balance: inv.balance,
      patient: { id: inv.patient_id, first_name: inv.first_name, last_name: inv.last_name },
      payer,
      insuranceId: ins?.id ?? null,
      priority: (ins?.priority ?? null) as 1 | 2 | 3 | null,
      amount: microToString(total, 2),
      lines,
      problems,
      claim: null,
    };
    if (problems.length > 0 || !ins) return [gathered];

    const patientPerson: Person = {
      firstName: inv.first_name,
      middleName: inv.middle_name,
      lastName: inv.last_name,
      address1: inv.address_1,
      address2: inv.address_2,
      city: inv.city,
      state: inv.state ?? '',
      zip,
      birthdate: inv.birthdate ?? '',
      gender: genderCode(inv.gender) ?? 'U',
    };
    const self = ins.relationship === '18';
    const diagnosisCodes = codes.slice(0, MAX_DIAGNOSES_PER_CLAIM);
    const pointers = diagnosisCodes.slice(0, 4).map((_, i) => i + 1);
    const claimLines: ClaimLineX12[] = lines.map((l) => ({
      hcpcs: l.hcpcs,
      modifiers: l.modifiers,
      charge: l.charge,
      units: l.units,
      diagnosisPointers: pointers,
      dateFrom: l.dateFrom,
      dateTo: l.dateTo,
      lineControlNumber: String(l.serviceId),
    }));
    gathered.claim = {
      claimNumber: '',
      frequency: 1,
      originalClaimNumber: null,
      placeOfService: inv.facility ? settings.facility_place_of_service : HOME_PLACE_OF_SERVICE,
      priority: target,
      filingIndicator: ins.claim_filing_indicator ?? '',
      groupNumber: ins.group_number,
      relationship: ins.relationship as ClaimX12['relationship'],
      subscriber: self
        ? patientPerson
        : {
            ...patientPerson,
            firstName: ins.subscriber_first_name,
            middleName: '',
            lastName: ins.subscriber_last_name,
            birthdate: ins.subscriber_birthdate ?? '',
            gender: genderCode(ins.subscriber_gender) ?? 'U',
          },
      memberId: ins.policy_number,
      patient: self ? null : patientPerson,
      payer: { name: ins.vendor_name ?? '', payerId: ins.payer_id ?? '' },
      diagnoses: diagnosisCodes,
      orderingProvider: { ...physician, npi: inv.physician_npi },
      lines: claimLines,
      ...(target > 1 && { otherPayers: earlier.get(inv.invoice_id) ?? [] }),
    };
    return [gathered];
  });
}
