import type {
  Adjustment,
  ProviderAdjustment,
  RemittanceClaim,
  RemittanceEnvelope,
  RemittanceLine,
  RemittanceTransaction,
} from './remittance-file.ts';
import { signedCentsOf, x12Amount } from './values.ts';
import { openInterchange, SegmentWriter, valueChecks, wireDay } from './write-segments.ts';

/** The 835 guide HIPAA adopted (GS08). */
export const REMITTANCE_GUIDE = '005010X221A1';

const text = valueChecks('835');
/** CAS and PLB carry at most six adjustments each; MOA03-MOA07 five remark codes. */
const PER_SEGMENT = 6;
const MAX_CLAIM_REMARKS = 5;
const UNITS = /^-?\d{1,10}(\.\d{1,5})?$/;
/**
 * PER*BL, the payer's technical contact, is required in 1000A and the data has none: the files
 * this writes stand in for a payer's (tests, demo, bench), so they name a made-up desk and a
 * 555-01xx number, which is reserved for fiction.
 */
const TECHNICAL_CONTACT = ['EDI SUPPORT', 'TE', '8005550199'];

/**
 * Writes one 835 interchange: one ISA/GS(HP) and an ST*835 per transaction, in the layout
 * read-835.ts reads (the tests' remittances, the demo office's and the bench's). Values are
 * checked as write-837.ts checks them; anything that would break the file throws an Error
 * naming the field ("transactions[0].claims[2].lines[0].charge must be an amount...").
 */
export function writeRemittance(envelope: RemittanceEnvelope, transactions: RemittanceTransaction[]): string {
  if (transactions.length === 0) throw new Error('An 835 file needs at least one transaction');
  const senderId = text(envelope.senderId, 'envelope.senderId', 15, 2);
  const receiverId = text(envelope.receiverId, 'envelope.receiverId', 15, 2);
  const { interchange, group, date } = openInterchange({ ...envelope, senderId, receiverId }, 'envelope', {
    functionalId: 'HP',
    guide: REMITTANCE_GUIDE,
  });
  transactions.forEach((transaction, i) => {
    const out = new SegmentWriter(group.addTransaction());
    writeTransaction(out, transaction, date, `transactions[${i}]`);
  });
  return `${interchange.toString()}\n`;
}

function writeTransaction(out: SegmentWriter, transaction: RemittanceTransaction, date: string, label: string): void {
  const t = transaction;
  out.transaction.setHeader(['835', text(t.controlNumber, `${label}.controlNumber`, 9, 4)]);
  out.add(
    'BPR',
    text(t.handling, `${label}.handling`, 2),
    amount(t.totalPaid, `${label}.totalPaid`),
    text(t.creditDebit, `${label}.creditDebit`, 1),
    text(t.paymentMethod, `${label}.paymentMethod`, 3),
    ...Array<string>(11).fill(''),
    wireDay(t.paymentDate, `${label}.paymentDate`),
  );
  out.add(
    'TRN',
    '1',
    text(t.checkNumber, `${label}.checkNumber`, 50),
    text(t.originatorId, `${label}.originatorId`, 10),
  );
  out.add('DTM', '405', date);

  // 1000A payer (its id in REF*2U: the national plan id is not in use) and 1000B payee.
  const payer = t.payer;
  out.add('N1', 'PR', text(payer.name, `${label}.payer.name`, 60));
  if (payer.address1.trim() !== '') out.add('N3', text(payer.address1, `${label}.payer.address1`, 55));
  if (`${payer.city}${payer.state}${payer.zip}`.trim() !== '') {
    out.add(
      'N4',
      text(payer.city, `${label}.payer.city`, 30, 2),
      text(payer.state, `${label}.payer.state`, 2, 0),
      text(payer.zip, `${label}.payer.zip`, 15, 0),
    );
  }
  if (payer.id.trim() !== '') out.add('REF', '2U', text(payer.id, `${label}.payer.id`, 50));
  out.add('PER', 'BL', ...TECHNICAL_CONTACT);
  const payeeName = text(t.payee.name, `${label}.payee.name`, 60);
  const payeeId = text(t.payee.id, `${label}.payee.id`, 80, 2);
  out.add('N1', 'PE', payeeName, /^\d{10}$/.test(payeeId) ? 'XX' : 'FI', payeeId);

  if (t.claims.length > 0) out.add('LX', '1');
  t.claims.forEach((claim, i) => writeClaim(out, claim, `${label}.claims[${i}]`));
  writeProviderAdjustments(out, t.providerAdjustments, `${label}.providerAdjustments`);
}

/** 2100 claim payment and its 2110 service lines. */
function writeClaim(out: SegmentWriter, claim: RemittanceClaim, label: string): void {
  out.add(
    'CLP',
    text(claim.claimNumber, `${label}.claimNumber`, 38),
    text(claim.statusCode, `${label}.statusCode`, 2),
    amount(claim.charge, `${label}.charge`),
    amount(claim.paid, `${label}.paid`),
    optionalAmount(claim.patientResponsibility, `${label}.patientResponsibility`),
    text(claim.filingIndicator, `${label}.filingIndicator`, 2),
    text(claim.payerClaimNumber, `${label}.payerClaimNumber`, 50),
  );
  writeAdjustments(out, claim.adjustments, `${label}.adjustments`);
  const patient = claim.patient;
  const memberId = text(patient.memberId, `${label}.patient.memberId`, 80, 0);
  out.add(
    'NM1',
    'QC',
    '1',
    text(patient.lastName, `${label}.patient.lastName`, 60),
    text(patient.firstName, `${label}.patient.firstName`, 35, 0),
    '',
    '',
    '',
    ...(memberId ? ['MI', memberId] : []),
  );
  if (claim.crossoverPayer) {
    const name = text(claim.crossoverPayer.name, `${label}.crossoverPayer.name`, 60);
    const id = text(claim.crossoverPayer.id, `${label}.crossoverPayer.id`, 80, 2);
    out.add('NM1', 'TT', '2', name, '', '', '', '', 'PI', id);
  }
  if (claim.remarks.length > MAX_CLAIM_REMARKS) {
    throw new Error(`${label}.remarks holds at most ${MAX_CLAIM_REMARKS} codes (MOA03 to MOA07)`);
  }
  if (claim.remarks.length > 0) {
    out.add('MOA', '', '', ...claim.remarks.map((code, i) => text(code, `${label}.remarks[${i}]`, 50)));
  }
  if (claim.serviceDateFrom) out.add('DTM', '232', wireDay(claim.serviceDateFrom, `${label}.serviceDateFrom`));
  if (claim.serviceDateTo) out.add('DTM', '233', wireDay(claim.serviceDateTo, `${label}.serviceDateTo`));
  claim.lines.forEach((line, i) => writeLine(out, line, `${label}.lines[${i}]`));
}

function writeLine(out: SegmentWriter, line: RemittanceLine, label: string): void {
  if (line.modifiers.length > 4) throw new Error(`${label}.modifiers holds at most 4 codes`);
  const procedure = [
    'HC',
    text(line.hcpcs, `${label}.hcpcs`, 48),
    ...line.modifiers.map((m, k) => text(m, `${label}.modifiers[${k}]`, 2)),
  ].join(':');
  const units = line.units.trim();
  if (!UNITS.test(units)) throw new Error(`${label}.units must be a number like 1 or 2.5, not "${line.units}"`);
  out.add(
    'SVC',
    procedure,
    amount(line.charge, `${label}.charge`),
    amount(line.paid, `${label}.paid`),
    '',
    // SVC05 is written when the units are not one, as the guide asks.
    units === '1' ? '' : units,
  );
  if (line.serviceDateTo) {
    if (line.serviceDate) out.add('DTM', '150', wireDay(line.serviceDate, `${label}.serviceDate`));
    out.add('DTM', '151', wireDay(line.serviceDateTo, `${label}.serviceDateTo`));
  } else if (line.serviceDate) {
    out.add('DTM', '472', wireDay(line.serviceDate, `${label}.serviceDate`));
  }
  writeAdjustments(out, line.adjustments, `${label}.adjustments`);
  if (line.lineControlNumber) out.add('REF', '6R', text(line.lineControlNumber, `${label}.lineControlNumber`, 50));
  if (line.allowed) out.add('AMT', 'B6', amount(line.allowed, `${label}.allowed`));
  line.remarks.forEach((code, i) => out.add('LQ', 'HE', text(code, `${label}.remarks[${i}]`, 30)));
}

/** CAS: one segment for each run of adjustments of one group, six at most to a segment. */
function writeAdjustments(out: SegmentWriter, adjustments: Adjustment[], label: string): void {
  const triples = adjustments.map((a, i) => ({
    group: text(a.group, `${label}[${i}].group`, 2),
    elements: [text(a.reason, `${label}[${i}].reason`, 5), amount(a.amount, `${label}[${i}].amount`), ''],
  }));
  for (const run of runs(triples, (a, b) => a.group === b.group)) {
    out.add('CAS', run[0].group, ...run.flatMap((t) => t.elements));
  }
}

/** PLB: one segment for each run of adjustments of one provider and fiscal period, six at most. */
function writeProviderAdjustments(out: SegmentWriter, adjustments: ProviderAdjustment[], label: string): void {
  const pairs = adjustments.map((a, i) => {
    const reason = text(a.reason, `${label}[${i}].reason`, 2);
    const reference = text(a.reference, `${label}[${i}].reference`, 50, 0);
    return {
      provider: text(a.provider, `${label}[${i}].provider`, 50),
      fiscalDate: wireDay(a.fiscalDate, `${label}[${i}].fiscalDate`),
      elements: [reference ? `${reason}:${reference}` : reason, amount(a.amount, `${label}[${i}].amount`)],
    };
  });
  const same = (a: (typeof pairs)[number], b: (typeof pairs)[number]) =>
    a.provider === b.provider && a.fiscalDate === b.fiscalDate;
  for (const run of runs(pairs, same)) {
    out.add('PLB', run[0].provider, run[0].fiscalDate, ...run.flatMap((p) => p.elements));
  }
}

/** Consecutive items that belong together, cut into runs of six at most. */
function runs<T>(items: T[], together: (a: T, b: T) => boolean): T[][] {
  const result: T[][] = [];
  for (const item of items) {
    const last = result[result.length - 1];
    if (last && last.length < PER_SEGMENT && together(last[0], item)) last.push(item);
    else result.push([item]);
  }
  return result;
}

function amount(value: string, label: string): string {
  return x12Amount(signedCentsOf(value, label));
}

function optionalAmount(value: string, label: string): string {
  return value === '' ? '' : amount(value, label);
}
