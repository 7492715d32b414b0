import type {
  BillingProvider,
  ClaimLineX12,
  ClaimX12,
  InterchangeHeader,
  OtherPayerLineX12,
  OtherPayerX12,
  Person,
  Receiver,
  Submitter,
} from './claim-file.ts';
import type { Adjustment } from './remittance-file.ts';
import { el, readInterchange, type Segment } from './segments.ts';
import { centsOfX12, moneyText, momentOf, wireDate } from './values.ts';

/** A person as a file has them: DMG03 may be any code, or empty when DMG is absent. */
export type Person837 = Omit<Person, 'gender'> & { gender: string };

/** A 2320 loop as read: SBR01 and SBR02 as the file spells them. */
export interface OtherPayer837 extends Omit<OtherPayerX12, 'priority' | 'relationship'> {
  /** SBR01 as the claim's priority reads it (P 1, S 2, T 3 ...). */
  priority: number;
  relationship: string;
}

/** A claim as read: ClaimX12 with the codes the file spells, and CLM02 beside its lines. */
export interface Claim837 extends Omit<
  ClaimX12,
  'frequency' | 'priority' | 'relationship' | 'subscriber' | 'patient' | 'orderingProvider' | 'otherPayers'
> {
  /** CLM02 with two decimals. */
  totalCharge: string;
  /** CLM05-3 (0 when missing). */
  frequency: number;
  /** SBR01: P 1, S 2, T 3, A to H 4 to 11, 0 otherwise. */
  priority: number;
  /** PAT01 under a patient loop, else SBR02 ("18" or empty). */
  relationship: string;
  subscriber: Person837;
  patient: Person837 | null;
  /** The first 2420E NM1*DK of the claim's lines. */
  orderingProvider: ClaimX12['orderingProvider'] | null;
  /**
   * The 2320 loops with their 2330A and 2330B, and each 2430 under the payer its SVD01 names
   * (a 2430 naming no 2330B is left out), in file order; absent when the claim has no 2320.
   */
  otherPayers?: OtherPayer837[];
}

/** What an 837P file holds, in the shape write837 takes. */
export interface File837 {
  header: Omit<InterchangeHeader, 'createdAt'> & { createdAt: Date | null };
  submitter: Submitter;
  receiver: Receiver;
  /** The first billing provider (2000A); a file of ours has one. */
  billingProvider: BillingProvider;
  /** Every claim of every 837 transaction, in file order. */
  claims: Claim837[];
}

const PRIORITIES = 'PSTABCDEFGH';
const emptyPerson = (): Person837 => ({
  firstName: '',
  middleName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  birthdate: '',
  gender: '',
});

/** What N3, N4, DMG, REF and PER after an NM1 describe. */
type Target =
  { kind: 'submitter' | 'receiver' | 'payer' | 'other' } | { kind: 'billing' } | { kind: 'person'; person: Person837 };

interface Subscriber {
  sbr: Segment | undefined;
  person: Person837;
  memberId: string;
  payer: { name: string; payerId: string };
}

/**
 * Reads an 837P (ours or anyone's, any separators) back into the data it was written from, to
 * check a batch against what it should hold. Loops the office never writes (pay-to, referring
 * providers, the other payers' providers) are stepped over.
 */
export function read837(text: string): File837 {
  const interchange = readInterchange(text);
  const transactions = interchange.transactions.filter((t) => el(t.header, 1) === '837');
  if (transactions.length === 0) throw new Error('The file holds no 837 claim transaction');
  const guide = el(transactions[0].header, 3) || el(transactions[0].group, 8);
  if (/X22[34]/.test(guide))
    throw new Error(`The file is an institutional or dental 837 (${guide}), not a professional one`);
  const component = interchange.separators.component;
  const parts = (value: string) => value.split(component);

  const first = transactions[0];
  const bht = first.segments.find((s) => s.tag === 'BHT');
  const file: File837 = {
    header: {
      controlNumber: Number(el(interchange.header, 13)),
      production: el(interchange.header, 15) === 'P',
      createdAt: momentOf(el(first.group, 4), el(first.group, 5)),
      reference: el(bht, 3),
    },
    submitter: { name: '', id: '', contactName: '', contactPhone: '' },
    receiver: { name: '', id: '' },
    billingProvider: {
      organizationName: '',
      npi: '',
      taxId: '',
      taxonomyCode: '',
      address1: '',
      address2: '',
      city: '',
      state: '',
      zip: '',
      phone: '',
    },
    claims: [],
  };

  for (const transaction of transactions) {
    let hlCode = '';
    let billingProviders = 0;
    let target: Target = { kind: 'other' };
    let subscriber: Subscriber | null = null;
    let patient: { relationship: string; person: Person837 } | null = null;
    let claim: Claim837 | null = null;
    let line: ClaimLineX12 | null = null;
    // The 2320 loop being read (until the first LX), and the 2430 loop of the current line.
    let otherPayer: OtherPayer837 | null = null;
    let answer: OtherPayerLineX12 | null = null;
    const ours = transaction === first;

    for (const segment of transaction.segments) {
      const e = (n: number) => el(segment, n);
      switch (segment.tag) {
        case 'HL':
          hlCode = e(3);
          claim = null;
          line = null;
          otherPayer = null;
          answer = null;
          target = { kind: 'other' };
          if (hlCode === '20') billingProviders++;
          if (hlCode === '22') {
            subscriber = { sbr: undefined, person: emptyPerson(), memberId: '', payer: { name: '', payerId: '' } };
            patient = null;
          }
          if (hlCode === '23') patient = { relationship: '', person: emptyPerson() };
          break;
        case 'PRV':
          if (hlCode === '20' && billingProviders === 1 && ours && e(1) === 'BI') {
            file.billingProvider.taxonomyCode = e(3);
          }
          break;
        case 'NM1':
          target = { kind: 'other' };
          if (claim) {
            // 2420E: the ordering provider, the one NM1 of the lines' loops the office writes.
            if (line && e(1) === 'DK' && !claim.orderingProvider) {
              claim.orderingProvider = { lastName: e(3), firstName: e(4), npi: e(9) };
            } else if (!line && otherPayer && e(1) === 'IL') {
              otherPayer.subscriber = { lastName: e(3), firstName: e(4) };
              otherPayer.memberId = e(9);
            } else if (!line && otherPayer && e(1) === 'PR') {
              otherPayer.payer = { name: e(3), payerId: e(9) };
            }
          } else if (hlCode === '' && ours && (e(1) === '41' || e(1) === '40')) {
            const party = e(1) === '41' ? file.submitter : file.receiver;
            party.name = e(3);
            party.id = e(9);
            target = { kind: e(1) === '41' ? 'submitter' : 'receiver' };
          } else if (hlCode === '20' && e(1) === '85' && billingProviders === 1 && ours) {
            file.billingProvider.organizationName = e(3);
            file.billingProvider.npi = e(9);
            target = { kind: 'billing' };
          } else if (hlCode === '22' && subscriber && e(1) === 'IL') {
            Object.assign(subscriber.person, { lastName: e(3), firstName: e(4), middleName: e(5) });
            subscriber.memberId = e(9);
            target = { kind: 'person', person: subscriber.person };
          } else if (hlCode === '22' && subscriber && e(1) === 'PR') {
            subscriber.payer = { name: e(3), payerId: e(9) };
          } else if (hlCode === '23' && patient && e(1) === 'QC') {
            Object.assign(patient.person, { lastName: e(3), firstName: e(4), middleName: e(5) });
            target = { kind: 'person', person: patient.person };
          }
          break;
        case 'N3':
        case 'N4':
          if (target.kind === 'person' || target.kind === 'billing') {
            const place = target.kind === 'person' ? target.person : file.billingProvider;
            if (segment.tag === 'N3') Object.assign(place, { address1: e(1), address2: e(2) });
            else Object.assign(place, { city: e(1), state: e(2), zip: e(3) });
          }
          break;
        case 'DMG':
          if (target.kind === 'person') Object.assign(target.person, { birthdate: wireDate(e(2)), gender: e(3) });
          break;
        case 'REF':
          if (target.kind === 'billing' && e(1) === 'EI') file.billingProvider.taxId = e(2);
          else if (line && e(1) === '6R') line.lineControlNumber = e(2);
          else if (claim && !line && !otherPayer && e(1) === 'F8') claim.originalClaimNumber = e(2);
          break;
        case 'PER':
          if (target.kind === 'submitter') {
            file.submitter.contactName = e(2);
            file.submitter.contactPhone = phoneOf(segment);
          } else if (target.kind === 'billing' && !file.billingProvider.phone) {
            file.billingProvider.phone = phoneOf(segment);
          }
          break;
        case 'SBR':
          // An SBR after CLM is another payer's (2320): only the 2000B one describes this claim.
          if (!claim && subscriber) subscriber.sbr = segment;
          else if (claim && !line) {
            otherPayer = {
              priority: PRIORITIES.indexOf(e(1) || '?') + 1,
              filingIndicator: e(9),
              groupNumber: e(3),
              relationship: e(2),
              subscriber: { firstName: '', lastName: '' },
              memberId: '',
              payer: { name: '', payerId: '' },
              paid: '',
              adjustments: [],
              paidDate: '',
              lines: [],
            };
            (claim.otherPayers ??= []).push(otherPayer);
          }
          break;
        case 'CAS': {
          const adjustments = answer ? answer.adjustments : otherPayer && !line ? otherPayer.adjustments : null;
          adjustments?.push(...adjustmentsOf(segment));
          break;
        }
        case 'AMT':
          if (otherPayer && !line && e(1) === 'D') otherPayer.paid = money(e(2));
          break;
        case 'SVD': {
          const payer = line && claim?.otherPayers?.find((p) => p.payer.payerId === e(1));
          answer = null;
          if (line && payer) {
            const procedure = parts(e(3));
            answer = {
              lineControlNumber: line.lineControlNumber,
              paid: money(e(2)),
              hcpcs: procedure[1] ?? '',
              modifiers: procedure.slice(2, 6).filter((m) => m !== ''),
              units: Number(e(5)) || 0,
              adjustments: [],
              paidDate: '',
            };
            payer.lines.push(answer);
          }
          break;
        }
        case 'PAT':
          if (hlCode === '23' && patient) patient.relationship = e(1);
          break;
        case 'CLM': {
          const facility = parts(e(5));
          const sbr = subscriber?.sbr;
          line = null;
          otherPayer = null;
          answer = null;
          claim = {
            claimNumber: e(1),
            totalCharge: money(e(2)),
            frequency: Number(facility[2] ?? '') || 0,
            originalClaimNumber: null,
            placeOfService: facility[0] ?? '',
            priority: PRIORITIES.indexOf(el(sbr, 1) || '?') + 1,
            filingIndicator: el(sbr, 9),
            groupNumber: el(sbr, 3),
            relationship: patient ? patient.relationship : el(sbr, 2),
            subscriber: { ...(subscriber?.person ?? emptyPerson()) },
            memberId: subscriber?.memberId ?? '',
            patient: patient ? { ...patient.person } : null,
            payer: { ...(subscriber?.payer ?? { name: '', payerId: '' }) },
            diagnoses: [],
            orderingProvider: null,
            lines: [],
          };
          file.claims.push(claim);
          break;
        }
        case 'HI':
          if (claim && !line) claim.diagnoses.push(...diagnosesOf(segment, parts));
          break;
        case 'LX':
          otherPayer = null;
          answer = null;
          if (claim) {
            line = {
              hcpcs: '',
              modifiers: [],
              charge: '',
              units: 0,
              diagnosisPointers: [],
              dateFrom: '',
              dateTo: '',
              lineControlNumber: '',
            };
            claim.lines.push(line);
          }
          break;
        case 'SV1':
          if (line) {
            const procedure = parts(e(1));
            line.hcpcs = procedure[1] ?? '';
            line.modifiers = procedure.slice(2, 6).filter((m) => m !== '');
            line.charge = money(e(2));
            line.units = Number(e(4)) || 0;
            line.diagnosisPointers = e(7) === '' ? [] : parts(e(7)).map(Number);
          }
          break;
        case 'DTP':
          if (line && e(1) === '472') {
            const [from, to = from] = e(3).split('-');
            line.dateFrom = wireDate(from);
            line.dateTo = wireDate(to);
          } else if (e(1) === '573') {
            // 2430's line adjudication date, or 2330B's claim adjudication date.
            if (answer) answer.paidDate = wireDate(e(3));
            else if (otherPayer && !line) otherPayer.paidDate = wireDate(e(3));
          }
          break;
      }
    }
  }
  return file;
}

/** An amount with two decimals ("12.5" -> "12.50", "-3" -> "-3.00"); as written when it is no amount. */
function money(value: string): string {
  const cents = centsOfX12(value);
  return cents === null ? value : moneyText(cents);
}

/** The reason and amount triples of a CAS (its quantities are not kept). */
function adjustmentsOf(cas: Segment): Adjustment[] {
  const adjustments: Adjustment[] = [];
  for (let n = 2; n <= 17; n += 3) {
    if (el(cas, n) !== '' || el(cas, n + 1) !== '') {
      adjustments.push({ group: el(cas, 1), reason: el(cas, n), amount: money(el(cas, n + 1)) });
    }
  }
  return adjustments;
}

/** The TE number among PER03 to PER08's qualifier and number pairs. */
function phoneOf(per: Segment): string {
  for (const n of [3, 5, 7]) if (el(per, n) === 'TE') return el(per, n + 1);
  return '';
}

/** HI principal (ABK, or BK for ICD-9) then other (ABF, BF) diagnoses; other HI codes are not diagnoses. */
function diagnosesOf(hi: Segment, parts: (value: string) => string[]): string[] {
  return hi.elements
    .map(parts)
    .filter(([qualifier, code]) => ['ABK', 'BK', 'ABF', 'BF'].includes(qualifier) && code)
    .map(([, code]) => code);
}
