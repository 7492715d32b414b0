import type {
  Adjustment,
  ProviderAdjustment,
  RemittanceClaim,
  RemittanceFile,
  RemittanceLine,
  RemittanceTransaction,
} from './remittance-file.ts';
import { el, readInterchange, type Interchange, type Segment, type Transaction } from './segments.ts';
import { centsOfX12, moneyText, wireDate } from './values.ts';

/** CAS02/03, 05/06 ... 17/18: the reason and amount of each of a CAS's six triples. */
const CAS_TRIPLES = [2, 5, 8, 11, 14, 17];
/** PLB03/04 ... PLB13/14: the reason:reference and amount of each of a PLB's six pairs. */
const PLB_PAIRS = [3, 5, 7, 9, 11, 13];
/** MIA05 and MIA20-MIA24, MOA03-MOA07: the claim's remark codes. */
const MIA_REMARKS = [5, 20, 21, 22, 23, 24];
const MOA_REMARKS = [3, 4, 5, 6, 7];
const UNITS = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * Reads an 835 (005010X221A1): every ST*835 of the file, whatever its separators and however
 * many interchanges it holds, as the data of remittance-file.ts. Anything else (an 837, a 999,
 * an empty or broken file) and any required value missing or malformed throws an Error whose
 * message names the segment and its line ("Segment CLP at line 12: CLP04 "12.3.4" is not an
 * amount"); loops the office does not use (TS3, QTY, other REFs and NM1s) are stepped over.
 */
export function readRemittance(text: string): RemittanceFile {
  let interchange: Interchange;
  try {
    interchange = readInterchange(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`Segment ISA at line 1: ${message.charAt(0).toLowerCase()}${message.slice(1)}`, { cause: err });
  }
  const sets = interchange.transactions;
  if (sets.length === 0) fail(interchange.header, 'the file holds no transaction set (ST)');
  const remittances = sets.filter((t) => el(t.header, 1) === '835');
  if (remittances.length === 0) {
    fail(sets[0].header, `the file holds a ${el(sets[0].header, 1) || 'nameless'} transaction, not an 835`);
  }
  const component = interchange.separators.component;
  const isa = remittances[0].interchange;
  return {
    senderId: el(isa, 6).trim(),
    controlNumber: el(isa, 13).trim(),
    production: el(isa, 15) === 'P',
    transactions: remittances.map((t) => readTransaction(t, component)),
  };
}

function readTransaction(set: Transaction, component: string): RemittanceTransaction {
  const result: RemittanceTransaction = {
    controlNumber: el(set.header, 2),
    handling: '',
    totalPaid: '',
    creditDebit: '',
    paymentMethod: '',
    paymentDate: '',
    checkNumber: '',
    originatorId: '',
    payer: { name: '', id: '', address1: '', city: '', state: '', zip: '' },
    payee: { name: '', id: '' },
    claims: [],
    providerAdjustments: [],
  };
  let paid = false;
  let traced = false;
  /** The 1000A/1000B party whose N3, N4 and REF follow. */
  let party: 'payer' | 'payee' | null = null;
  let claim: RemittanceClaim | null = null;
  let line: RemittanceLine | null = null;

  for (const segment of set.segments) {
    const e = (n: number) => el(segment, n);
    switch (segment.tag) {
      case 'BPR':
        if (paid) break;
        paid = true;
        result.handling = e(1);
        result.totalPaid = amount(segment, 2);
        result.creditDebit = e(3);
        result.paymentMethod = e(4);
        // A payment date that is no day (a payer's typo) does not change what was paid: left out.
        result.paymentDate = calendarDay(e(16)) ? wireDate(e(16)) : '';
        break;
      case 'TRN':
        if (traced) break;
        traced = true;
        result.checkNumber = required(segment, 2);
        result.originatorId = e(3);
        break;
      case 'N1':
        party = e(1) === 'PR' ? 'payer' : e(1) === 'PE' ? 'payee' : null;
        if (claim || !party) break;
        result[party].name = e(2);
        result[party].id = e(4);
        break;
      case 'N3':
        if (party === 'payer' && !claim) result.payer.address1 = e(1);
        break;
      case 'N4':
        if (party === 'payer' && !claim) Object.assign(result.payer, { city: e(1), state: e(2), zip: e(3) });
        break;
      case 'REF':
        if (line && e(1) === '6R') line.lineControlNumber = e(2);
        else if (!claim && party === 'payer' && e(1) === '2U' && !result.payer.id) result.payer.id = e(2);
        break;
      case 'LX':
        party = null;
        break;
      case 'CLP':
        party = null;
        line = null;
        claim = readClaim(segment);
        result.claims.push(claim);
        break;
      case 'CAS':
        (line ?? inClaim(claim, segment)).adjustments.push(...adjustmentsOf(segment));
        break;
      case 'NM1':
        if (claim && e(1) === 'QC') claim.patient = { firstName: e(4), lastName: e(3), memberId: e(9) };
        if (claim && e(1) === 'TT') claim.crossoverPayer = { name: e(3), id: e(9) };
        break;
      case 'MIA':
      case 'MOA':
        if (claim) {
          const positions = segment.tag === 'MIA' ? MIA_REMARKS : MOA_REMARKS;
          claim.remarks.push(...positions.map(e).filter((code) => code !== ''));
        }
        break;
      case 'DTM':
        if (line && (e(1) === '472' || e(1) === '150')) line.serviceDate = optionalDate(segment, 2);
        else if (line && e(1) === '151') line.serviceDateTo = optionalDate(segment, 2);
        else if (claim && e(1) === '232') claim.serviceDateFrom = optionalDate(segment, 2);
        else if (claim && e(1) === '233') claim.serviceDateTo = optionalDate(segment, 2);
        break;
      case 'SVC':
        line = readLine(segment, component);
        inClaim(claim, segment).lines.push(line);
        break;
      case 'AMT':
        if (line && e(1) === 'B6') line.allowed = amount(segment, 2);
        break;
      case 'LQ':
        if (line && e(1) === 'HE' && e(2) !== '') line.remarks.push(e(2));
        break;
      case 'PLB':
        claim = null;
        line = null;
        result.providerAdjustments.push(...providerAdjustmentsOf(segment, component));
        break;
    }
  }
  if (!paid) fail(set.header, 'the 835 has no BPR segment');
  if (!traced) fail(set.header, 'the 835 has no TRN segment');
  return result;
}

function readClaim(clp: Segment): RemittanceClaim {
  return {
    claimNumber: required(clp, 1),
    statusCode: required(clp, 2),
    charge: amount(clp, 3),
    paid: amount(clp, 4),
    patientResponsibility: optionalAmount(clp, 5),
    filingIndicator: el(clp, 6),
    payerClaimNumber: el(clp, 7),
    patient: { firstName: '', lastName: '', memberId: '' },
    crossoverPayer: null,
    adjustments: [],
    remarks: [],
    serviceDateFrom: '',
    serviceDateTo: '',
    lines: [],
  };
}

function readLine(svc: Segment, component: string): RemittanceLine {
  // SVC01-1 is the code's qualifier (HC for HCPCS); SVC01-2 the code, SVC01-3 to 6 its modifiers.
  const procedure = compositeParts(required(svc, 1), component);
  const units = el(svc, 5);
  if (units !== '' && !UNITS.test(units)) fail(svc, `SVC05 "${units}" is not a number of units`);
  return {
    hcpcs: procedure[1] ?? '',
    modifiers: procedure.slice(2, 6).filter((m) => m !== ''),
    charge: amount(svc, 2),
    paid: amount(svc, 3),
    units: units || '1',
    serviceDate: '',
    serviceDateTo: '',
    lineControlNumber: '',
    allowed: '',
    adjustments: [],
    remarks: [],
  };
}

/** CAS01 is the group of every triple of the segment. */
function adjustmentsOf(cas: Segment): Adjustment[] {
  const group = required(cas, 1);
  const adjustments: Adjustment[] = [];
  for (const n of CAS_TRIPLES) {
    const reason = el(cas, n);
    if (reason === '' && el(cas, n + 1) === '' && n > 2) continue;
    adjustments.push({ group, reason: required(cas, n), amount: amount(cas, n + 1) });
  }
  return adjustments;
}

function providerAdjustmentsOf(plb: Segment, component: string): ProviderAdjustment[] {
  const provider = required(plb, 1);
  const fiscalDate = date(plb, 2);
  const adjustments: ProviderAdjustment[] = [];
  for (const n of PLB_PAIRS) {
    if (el(plb, n) === '' && el(plb, n + 1) === '' && n > 3) continue;
    const [reason = '', reference = ''] = compositeParts(required(plb, n), component);
    adjustments.push({ provider, fiscalDate, reason, reference, amount: amount(plb, n + 1) });
  }
  return adjustments;
}

/**
 * A composite split on the interchange's component separator. Some payers declare one in ISA16
 * and write another (ISA16 ':' with "HC>55669"): a value that does not split on the declared one
 * is split on the other usual one, '>' or ':', when it holds it.
 */
function compositeParts(value: string, component: string): string[] {
  const parts = value.split(component);
  if (parts.length > 1) return parts;
  const other = ['>', ':'].find((c) => c !== component && value.includes(c));
  return other ? value.split(other) : parts;
}

function inClaim(claim: RemittanceClaim | null, segment: Segment): RemittanceClaim {
  if (!claim) fail(segment, `${segment.tag} comes before any claim (CLP)`);
  return claim;
}

function fail(segment: Segment, problem: string): never {
  throw new Error(`Segment ${segment.tag} at line ${segment.line ?? '?'}: ${problem}`);
}

const elementName = (segment: Segment, n: number) => `${segment.tag}${String(n).padStart(2, '0')}`;

function required(segment: Segment, n: number): string {
  const value = el(segment, n);
  if (value === '') fail(segment, `${elementName(segment, n)} is missing`);
  return value;
}

/** An amount as exact text with two decimals and its sign ("-9.00"). */
function amount(segment: Segment, n: number): string {
  const value = required(segment, n);
  const cents = centsOfX12(value);
  if (cents === null) fail(segment, `${elementName(segment, n)} "${value}" is not an amount`);
  return moneyText(cents);
}

function optionalAmount(segment: Segment, n: number): string {
  return el(segment, n) === '' ? '' : amount(segment, n);
}

function date(segment: Segment, n: number): string {
  const value = required(segment, n);
  if (!calendarDay(value)) fail(segment, `${elementName(segment, n)} "${value}" is not a date (CCYYMMDD)`);
  return wireDate(value);
}

/** CCYYMMDD naming a day of the calendar (not 20020230). */
function calendarDay(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const [year, month, day] = [value.slice(0, 4), value.slice(4, 6), value.slice(6)].map(Number);
  const moment = new Date(Date.UTC(year, month - 1, day));
  return moment.getUTCFullYear() === year && moment.getUTCMonth() === month - 1 && moment.getUTCDate() === day;
}

function optionalDate(segment: Segment, n: number): string {
  return el(segment, n) === '' ? '' : date(segment, n);
}
