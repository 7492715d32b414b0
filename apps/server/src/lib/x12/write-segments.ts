import { X12Interchange, type X12FunctionalGroup, type X12Transaction } from 'node-x12';
import { d8, dateAndTime } from './values.ts';

/** The separators of every file we write: element, component, repetition, segment. */
export const SEPARATORS = {
  elementDelimiter: '*',
  subElementDelimiter: ':',
  repetitionDelimiter: '^',
  segmentTerminator: '~',
};
const SEPARATOR_CHARACTERS = new Set(Object.values(SEPARATORS));
/** What an element may hold: printable ASCII, the X12 extended character set. */
const PRINTABLE = /^[\x20-\x7e]*$/;
const WIRE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Who sends a file to whom, and its ISA13/GS06 control number. */
export interface Envelope {
  senderId: string;
  receiverId: string;
  controlNumber: number;
  production: boolean;
  createdAt: Date;
}

/**
 * An interchange with one functional group: ISA with ZZ ids and our separators, GS with the
 * control number as its GS06. `label` names the envelope in errors ("header" gives
 * "header.controlNumber must be..."); the sender and receiver ids must be checked already.
 */
export function openInterchange(
  envelope: Envelope,
  label: string,
  group: { functionalId: string; guide: string },
): { interchange: X12Interchange; group: X12FunctionalGroup; date: string; time: string } {
  const control = envelope.controlNumber;
  if (!Number.isInteger(control) || control < 1 || control > 999_999_999) {
    throw new Error(`${label}.controlNumber must be a whole number from 1 to 999999999, not ${control}`);
  }
  if (Number.isNaN(envelope.createdAt.getTime())) throw new Error(`${label}.createdAt is not a valid date`);
  const { date, time } = dateAndTime(envelope.createdAt);
  const interchange = new X12Interchange({ ...SEPARATORS, endOfLine: '\n', format: true });
  // node-x12 pads ISA02/04/06/08 with spaces and ISA13 with zeros to their fixed widths.
  interchange.setHeader([
    '00',
    '',
    '00',
    '',
    'ZZ',
    envelope.senderId,
    'ZZ',
    envelope.receiverId,
    date.slice(2),
    time,
    SEPARATORS.repetitionDelimiter,
    '00501',
    String(control),
    '0',
    envelope.production ? 'P' : 'T',
    SEPARATORS.subElementDelimiter,
  ]);
  const functionalGroup = interchange.addFunctionalGroup();
  functionalGroup.setHeader([
    group.functionalId,
    envelope.senderId,
    envelope.receiverId,
    date,
    time,
    String(control),
    'X',
    group.guide,
  ]);
  return { interchange, group: functionalGroup, date, time };
}

/** Segments added to one transaction set. */
export class SegmentWriter {
  constructor(readonly transaction: X12Transaction) {}

  /** Adds a segment without its trailing empty elements (X12 forbids trailing separators). */
  add(tag: string, ...elements: string[]): void {
    let end = elements.length;
    while (end > 0 && elements[end - 1] === '') end--;
    this.transaction.addSegment(tag, elements.slice(0, end));
  }
}

/**
 * The check of a value an X12 file (`set` "837", "835") carries: trimmed, printable, without a
 * separator, within the standard's length. `min` 0 makes it optional (an empty element).
 */
export function valueChecks(set: string): (value: string, label: string, max: number, min?: number) => string {
  return (value, label, max, min = 1) => {
    const v = value.trim();
    if (v === '' && min > 0) throw new Error(`${label} is required in an ${set} file`);
    const separator = [...v].find((c) => SEPARATOR_CHARACTERS.has(c));
    if (separator) throw new Error(`${label} contains "${separator}", which the ${set} file uses as a separator`);
    if (!PRINTABLE.test(v)) throw new Error(`${label} contains a character an ${set} file cannot carry: "${v}"`);
    if (v.length > max) throw new Error(`${label} is longer than the ${max} characters an ${set} file allows`);
    if (v !== '' && v.length < min) throw new Error(`${label} needs at least ${min} characters in an ${set} file`);
    return v;
  };
}

/** YYYY-MM-DD as the file's CCYYMMDD; throws naming `label` on anything else. */
export function wireDay(value: string, label: string): string {
  if (!WIRE_DATE.test(value)) throw new Error(`${label} must be a date written YYYY-MM-DD, not "${value}"`);
  return d8(value);
}
