import type { ClaimFile, ClaimLineX12, ClaimX12, OtherPayerLineX12, OtherPayerX12, Person } from './claim-file.ts';
import type { Adjustment } from './remittance-file.ts';
import { centsOf, signedCentsOf, x12Amount } from './values.ts';
import { openInterchange, SegmentWriter, valueChecks, wireDay as date } from './write-segments.ts';

/** The 837P guide HIPAA adopted (GS08 and ST03). */
export const PROFESSIONAL_CLAIM_GUIDE = '005010X222A1';

const PRIORITY_CODES = { 1: 'P', 2: 'S', 3: 'T' } as const;
/** The 837P's limits: diagnoses in HI, service lines in a claim (loop 2400), codes per pointer. */
const MAX_DIAGNOSES = 12;
const MAX_LINES = 50;
const MAX_POINTERS = 4;
/** Coordination of benefits: other payers (2320), CAS per loop, triples per CAS, 2430 per line. */
const MAX_OTHER_PAYERS = 10;
const MAX_CAS = 5;
const ADJUSTMENTS_PER_CAS = 6;
const MAX_LINE_ADJUDICATIONS = 15;
const ADJUSTMENT_GROUPS = new Set(['CO', 'CR', 'OA', 'PI', 'PR']);

/** One earlier payer's answer on one of our lines: a 2430 loop under that line. */
interface LineAdjudication {
  payerId: string;
  line: OtherPayerLineX12;
  label: string;
}
const text = valueChecks('837');

/**
 * Writes one 837P interchange for a batch: one ISA/GS/ST holding every claim, each claim under
 * its own subscriber (2000B) and, when the patient is not the insured, patient (2000C) loop.
 * A secondary or tertiary claim carries what each earlier payer decided (`otherPayers`): 2320,
 * 2330A and 2330B after the claim's HI, and a 2430 after each line that payer answered.
 * The data was checked by the scrubber; anything that would still break the file (a separator
 * in a name, a missing required value, an impossible pointer) throws an Error naming the field.
 */
export function write837(file: ClaimFile): string {
  const { header, submitter, receiver, billingProvider: provider } = file;
  if (file.claims.length === 0) throw new Error('An 837 file needs at least one claim');
  const senderId = text(submitter.id, 'submitter.id', 15, 2);
  const receiverId = text(receiver.id, 'receiver.id', 15, 2);
  const envelope = { ...header, senderId, receiverId };
  const { interchange, group, date, time } = openInterchange(envelope, 'header', {
    functionalId: 'HC',
    guide: PROFESSIONAL_CLAIM_GUIDE,
  });
  const control = header.controlNumber;
  const out = new Segments(group.addTransaction());
  out.transaction.setHeader(['837', String(control).padStart(4, '0'), PROFESSIONAL_CLAIM_GUIDE]);

  out.add('BHT', '0019', '00', text(header.reference, 'header.reference', 50), date, time, 'CH');
  // 1000A submitter and 1000B receiver.
  out.add('NM1', '41', '2', text(submitter.name, 'submitter.name', 60), '', '', '', '', '46', senderId);
  out.add(
    'PER',
    'IC',
    text(submitter.contactName, 'submitter.contactName', 60),
    'TE',
    phone(submitter.contactPhone, 'submitter.contactPhone'),
  );
  out.add('NM1', '40', '2', text(receiver.name, 'receiver.name', 60), '', '', '', '', '46', receiverId);

  // 2000A billing provider: HL 1, the parent of every subscriber loop.
  out.add('HL', '1', '', '20', '1');
  out.add('PRV', 'BI', 'PXC', text(provider.taxonomyCode, 'billingProvider.taxonomyCode', 50));
  const providerName = text(provider.organizationName, 'billingProvider.organizationName', 60);
  out.add('NM1', '85', '2', providerName, '', '', '', '', 'XX', text(provider.npi, 'billingProvider.npi', 80));
  out.address(provider, 'billingProvider');
  out.add('REF', 'EI', text(provider.taxId, 'billingProvider.taxId', 50));
  if (provider.phone.trim() !== '') {
    out.add('PER', 'IC', providerName, 'TE', phone(provider.phone, 'billingProvider.phone'));
  }

  let hl = 1;
  for (const [index, claim] of file.claims.entries()) {
    const claimNumber = text(claim.claimNumber, `claims[${index}].claimNumber`, 38);
    const label = `Claim ${claimNumber}`;
    const subscriberHl = ++hl;
    const self = claim.relationship === '18';
    if (!self && !claim.patient) throw new Error(`${label}: patient is required when the relationship is not 18`);
    writeSubscriber(out, claim, subscriberHl, self, label);
    if (!self && claim.patient) {
      // 2000C patient, child of this claim's subscriber.
      out.add('HL', String(++hl), String(subscriberHl), '23', '0');
      out.add('PAT', claim.relationship);
      out.person('QC', claim.patient, `${label}: patient`);
      out.demographics(claim.patient, `${label}: patient`);
    }
    writeClaim(out, claim, claimNumber, label);
  }
  return `${interchange.toString()}\n`;
}

/** 2000B subscriber, 2010BA insured and 2010BB payer. */
function writeSubscriber(out: Segments, claim: ClaimX12, hl: number, self: boolean, label: string): void {
  out.add('HL', String(hl), '1', '22', self ? '0' : '1');
  out.add(
    'SBR',
    PRIORITY_CODES[claim.priority],
    self ? '18' : '',
    text(claim.groupNumber, `${label}: groupNumber`, 50, 0),
    '',
    '',
    '',
    '',
    '',
    text(claim.filingIndicator, `${label}: filingIndicator`, 2),
  );
  out.person('IL', claim.subscriber, `${label}: subscriber`, text(claim.memberId, `${label}: memberId`, 80));
  // The guide asks for the insured's birth date and gender only when the insured is the patient.
  if (self) out.demographics(claim.subscriber, `${label}: subscriber`);
  const payerName = text(claim.payer.name, `${label}: payer.name`, 60);
  out.add('NM1', 'PR', '2', payerName, '', '', '', '', 'PI', text(claim.payer.payerId, `${label}: payer.payerId`, 80));
}

/** 2300 claim and its 2400 service lines. */
function writeClaim(out: Segments, claim: ClaimX12, claimNumber: string, label: string): void {
  const { diagnoses, lines } = claim;
  if (diagnoses.length < 1 || diagnoses.length > MAX_DIAGNOSES) {
    throw new Error(`${label}: diagnoses must hold 1 to ${MAX_DIAGNOSES} codes, not ${diagnoses.length}`);
  }
  if (lines.length < 1 || lines.length > MAX_LINES) {
    throw new Error(`${label}: lines must hold 1 to ${MAX_LINES} service lines, not ${lines.length}`);
  }
  const charges = lines.map((line, i) => centsOf(line.charge, `${label}: lines[${i}].charge`));
  const total = charges.reduce((sum, cents) => sum + cents, 0);
  const place = text(claim.placeOfService, `${label}: placeOfService`, 2);
  out.add('CLM', claimNumber, x12Amount(total), '', '', `${place}:B:${claim.frequency}`, 'Y', 'A', 'Y', 'Y');
  if (claim.frequency === 7 || claim.frequency === 8) {
    if (!claim.originalClaimNumber) throw new Error(`${label}: originalClaimNumber is required for frequency 7 or 8`);
    out.add('REF', 'F8', text(claim.originalClaimNumber, `${label}: originalClaimNumber`, 50));
  }
  out.add(
    'HI',
    ...diagnoses.map((code, i) => `${i === 0 ? 'ABK' : 'ABF'}:${text(code, `${label}: diagnoses[${i}]`, 30)}`),
  );
  const adjudications = adjudicationsByLine(claim, label);
  claim.otherPayers?.forEach((other, k) => writeOtherPayer(out, other, `${label}: otherPayers[${k}]`));
  lines.forEach((line, i) => writeLine(out, claim, line, i, charges[i], label, adjudications[i]));
}

/**
 * Sorts the other payers' line answers under our lines by line control number, after checking
 * what the guide asks of the 2320 loops: at most ten, each SBR01 its own and not the claim's.
 */
function adjudicationsByLine(claim: ClaimX12, label: string): LineAdjudication[][] {
  const others = claim.otherPayers ?? [];
  if (others.length > MAX_OTHER_PAYERS) {
    throw new Error(`${label}: otherPayers holds at most ${MAX_OTHER_PAYERS} payers, not ${others.length}`);
  }
  const byLine: LineAdjudication[][] = claim.lines.map(() => []);
  others.forEach((other, k) => {
    const otherLabel = `${label}: otherPayers[${k}]`;
    const earlier = others.slice(0, k);
    if (!(other.priority in PRIORITY_CODES)) throw new Error(`${otherLabel}.priority must be 1, 2 or 3`);
    if (other.priority === claim.priority || earlier.some((o) => o.priority === other.priority)) {
      throw new Error(`${otherLabel}.priority ${other.priority} is already the claim's or another payer's`);
    }
    // SVD01 names the payer of a 2430 by its 2330B id, so two payers may not share one.
    const payerId = text(other.payer.payerId, `${otherLabel}.payer.payerId`, 80, 2);
    if (earlier.some((o) => o.payer.payerId.trim() === payerId)) {
      throw new Error(
        `${otherLabel}.payer.payerId ${payerId} is another payer's too: its line answers would be ambiguous`,
      );
    }
    other.lines.forEach((answer, n) => {
      const lineLabel = `${otherLabel}.lines[${n}]`;
      const matches = claim.lines.flatMap((line, i) =>
        line.lineControlNumber === answer.lineControlNumber ? [i] : [],
      );
      if (matches.length !== 1) {
        throw new Error(
          `${lineLabel}.lineControlNumber "${answer.lineControlNumber}" must name exactly one line of the claim`,
        );
      }
      byLine[matches[0]].push({ payerId, line: answer, label: lineLabel });
    });
  });
  byLine.forEach((answers, i) => {
    if (answers.length > MAX_LINE_ADJUDICATIONS) {
      throw new Error(
        `${label}: lines[${i}] has ${answers.length} other payers' answers, more than ${MAX_LINE_ADJUDICATIONS}`,
      );
    }
  });
  return byLine;
}

/** 2320 other subscriber (SBR, CAS, AMT*D, OI), 2330A their insured and 2330B the payer. */
function writeOtherPayer(out: Segments, other: OtherPayerX12, label: string): void {
  out.add(
    'SBR',
    PRIORITY_CODES[other.priority],
    text(other.relationship, `${label}.relationship`, 2, 2),
    text(other.groupNumber, `${label}.groupNumber`, 50, 0),
    '',
    '',
    '',
    '',
    '',
    text(other.filingIndicator, `${label}.filingIndicator`, 2),
  );
  out.adjustments(other.adjustments, `${label}.adjustments`);
  out.add('AMT', 'D', x12Amount(centsOf(other.paid, `${label}.paid`)));
  // Benefits assigned and release of information on file, as the claim's CLM08 and CLM09 say.
  out.add('OI', '', '', 'Y', '', '', 'Y');
  out.add(
    'NM1',
    'IL',
    '1',
    text(other.subscriber.lastName, `${label}.subscriber.lastName`, 60),
    text(other.subscriber.firstName, `${label}.subscriber.firstName`, 35, 0),
    '',
    '',
    '',
    'MI',
    text(other.memberId, `${label}.memberId`, 80, 2),
  );
  const payerName = text(other.payer.name, `${label}.payer.name`, 60);
  out.add(
    'NM1',
    'PR',
    '2',
    payerName,
    '',
    '',
    '',
    '',
    'PI',
    text(other.payer.payerId, `${label}.payer.payerId`, 80, 2),
  );
  if (other.paidDate !== '') out.add('DTP', '573', 'D8', date(other.paidDate, `${label}.paidDate`));
}

function writeLine(
  out: Segments,
  claim: ClaimX12,
  line: ClaimLineX12,
  i: number,
  cents: number,
  claimLabel: string,
  adjudications: LineAdjudication[],
) {
  const label = `${claimLabel}: lines[${i}]`;
  if (!Number.isInteger(line.units) || line.units < 1 || line.units > 99_999) {
    throw new Error(`${label}.units must be a whole number from 1 to 99999, not ${line.units}`);
  }
  const pointers = line.diagnosisPointers;
  const pointerOk = (p: number) => Number.isInteger(p) && p >= 1 && p <= claim.diagnoses.length;
  if (pointers.length < 1 || pointers.length > MAX_POINTERS || !pointers.every(pointerOk)) {
    throw new Error(`${label}.diagnosisPointers must be 1 to 4 positions among the claim's diagnoses`);
  }
  out.add('LX', String(i + 1));
  out.add('SV1', procedure(line, label), x12Amount(cents), 'UN', String(line.units), '', '', pointers.join(':'));
  const from = date(line.dateFrom, `${label}.dateFrom`);
  const to = date(line.dateTo, `${label}.dateTo`);
  out.add('DTP', '472', ...(from === to ? ['D8', from] : ['RD8', `${from}-${to}`]));
  out.add('REF', '6R', text(line.lineControlNumber, `${label}.lineControlNumber`, 50));
  // 2420E ordering provider: the physician who ordered the equipment, on every line.
  const doctor = claim.orderingProvider;
  const doctorLabel = `${claimLabel}: orderingProvider`;
  out.add(
    'NM1',
    'DK',
    '1',
    text(doctor.lastName, `${doctorLabel}.lastName`, 60),
    text(doctor.firstName, `${doctorLabel}.firstName`, 35, 0),
    '',
    '',
    '',
    'XX',
    text(doctor.npi, `${doctorLabel}.npi`, 80),
  );
  // 2430: each earlier payer's answer on this line, after the line's 2420 loops.
  for (const { payerId, line: answer, label: answerLabel } of adjudications) {
    if (!Number.isInteger(answer.units) || answer.units < 0 || answer.units > 99_999) {
      throw new Error(`${answerLabel}.units must be a whole number from 0 to 99999, not ${answer.units}`);
    }
    const paid = x12Amount(centsOf(answer.paid, `${answerLabel}.paid`));
    out.add('SVD', payerId, paid, procedure(answer, answerLabel), '', String(answer.units));
    out.adjustments(answer.adjustments, `${answerLabel}.adjustments`);
    out.add('DTP', '573', 'D8', date(answer.paidDate, `${answerLabel}.paidDate`));
  }
}

/** SV101 or SVD03: HC, the HCPCS code and up to four modifiers. */
function procedure(service: { hcpcs: string; modifiers: string[] }, label: string): string {
  if (service.modifiers.length > 4) throw new Error(`${label}.modifiers holds at most 4 codes`);
  return [
    'HC',
    text(service.hcpcs, `${label}.hcpcs`, 48),
    ...service.modifiers.map((m, k) => text(m, `${label}.modifiers[${k}]`, 2)),
  ].join(':');
}

/** The transaction being written, with the loops that repeat (a person, an address). */
class Segments extends SegmentWriter {
  /** NM1 of a person (insured IL, patient QC) with their address; the member id when given. */
  person(entity: 'IL' | 'QC', person: Person, label: string, memberId?: string): void {
    this.add(
      'NM1',
      entity,
      '1',
      text(person.lastName, `${label}.lastName`, 60),
      text(person.firstName, `${label}.firstName`, 35, 0),
      text(person.middleName, `${label}.middleName`, 25, 0),
      '',
      '',
      ...(memberId ? ['MI', memberId] : []),
    );
    this.address(person, label);
  }

  address(
    place: { address1: string; address2: string; city: string; state: string; zip: string },
    label: string,
  ): void {
    this.add('N3', text(place.address1, `${label}.address1`, 55), text(place.address2, `${label}.address2`, 55, 0));
    this.add(
      'N4',
      text(place.city, `${label}.city`, 30, 2),
      text(place.state, `${label}.state`, 2, 2),
      text(place.zip, `${label}.zip`, 15, 3),
    );
  }

  demographics(person: Person, label: string): void {
    this.add('DMG', 'D8', date(person.birthdate, `${label}.birthdate`), text(person.gender, `${label}.gender`, 1));
  }

  /**
   * CAS: one segment per group code (in the order the groups first appear), six reason and
   * amount pairs each, a group with more going on in another CAS; at most five CAS in a loop.
   */
  adjustments(adjustments: Adjustment[], label: string): void {
    const groups = new Map<string, string[][]>();
    adjustments.forEach((adjustment, k) => {
      const group = adjustment.group.trim();
      if (!ADJUSTMENT_GROUPS.has(group)) {
        throw new Error(`${label}[${k}].group must be CO, CR, OA, PI or PR, not "${adjustment.group}"`);
      }
      const amount = x12Amount(signedCentsOf(adjustment.amount, `${label}[${k}].amount`));
      const triples = groups.get(group) ?? [];
      triples.push([text(adjustment.reason, `${label}[${k}].reason`, 5), amount, '']);
      groups.set(group, triples);
    });
    const segments = [...groups].flatMap(([group, triples]) =>
      Array.from({ length: Math.ceil(triples.length / ADJUSTMENTS_PER_CAS) }, (_, n) => [
        group,
        ...triples.slice(n * ADJUSTMENTS_PER_CAS, (n + 1) * ADJUSTMENTS_PER_CAS).flat(),
      ]),
    );
    if (segments.length > MAX_CAS) {
      throw new Error(`${label} needs ${segments.length} CAS segments, more than the ${MAX_CAS} an 837 loop allows`);
    }
    for (const elements of segments) this.add('CAS', ...elements);
  }
}

function phone(value: string, label: string): string {
  const digits = text(value, label, 256);
  if (!/^\d{10}$/.test(digits)) throw new Error(`${label} must be ten digits, not "${value}"`);
  return digits;
}
