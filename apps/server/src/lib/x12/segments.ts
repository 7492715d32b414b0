import { X12FatInterchange, X12Parser, type X12Interchange, type X12Segment } from 'node-x12';

/** A segment as read: its tag and its elements, `elements[0]` being element 01. */
export interface Segment {
  tag: string;
  elements: string[];
}

/** One transaction set (ST to SE) with the group header (GS) it came in. */
export interface Transaction {
  group: Segment;
  header: Segment;
  /** The segments between ST and SE. */
  segments: Segment[];
}

export interface Interchange {
  header: Segment;
  separators: { element: string; component: string; repetition: string; segment: string };
  transactions: Transaction[];
}

/** The ISA is fixed width: 106 characters, its 16th element separator at 103. */
const ISA_LENGTH = 106;
const LAST_ISA_SEPARATOR = 103;

/**
 * Reads an X12 interchange, whatever its separators (they are read from the ISA). Anything that
 * is not one (empty text, binary, a broken ISA) throws an Error saying why; the segment counts in
 * SE, GE and IEA are not held against the file, as the payers' own files sometimes get them wrong.
 */
export function readInterchange(text: string): Interchange {
  const edi = text.replace(/^\uFEFF/, '').trimStart();
  if (edi === '') throw new Error('The file is empty');
  if (!edi.startsWith('ISA')) throw new Error('The file is not an X12 interchange: it does not start with ISA');
  const element = edi[3];
  let separatorsSeen = 0;
  let lastSeparator = -1;
  for (let i = 3; i < Math.min(edi.length, ISA_LENGTH) && separatorsSeen < 16; i++) {
    if (edi[i] === element) {
      separatorsSeen++;
      lastSeparator = i;
    }
  }
  if (edi.length < ISA_LENGTH || separatorsSeen !== 16 || lastSeparator !== LAST_ISA_SEPARATOR) {
    throw new Error('The file is not an X12 interchange: its ISA segment is not 106 characters long');
  }
  const separators = { element, repetition: edi[82], component: edi[104], segment: edi[105] };
  if (new Set([element, separators.component, separators.segment]).size !== 3 || /[A-Za-z0-9 ]/.test(element)) {
    throw new Error('The file is not an X12 interchange: its ISA does not declare usable separators');
  }

  let parsed: X12Interchange | X12FatInterchange | undefined;
  try {
    parsed = new X12Parser(false).parse(edi);
  } catch (err) {
    throw new Error(`The file could not be read as X12: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  // The parser answers nothing at all for an ISA with fewer than two segments after it.
  const interchanges = parsed instanceof X12FatInterchange ? parsed.interchanges : parsed ? [parsed] : [];
  if (!interchanges[0]?.header) throw new Error('The file is not an X12 interchange: it holds no functional group');
  const transactions: Transaction[] = [];
  for (const interchange of interchanges) {
    for (const group of interchange.functionalGroups ?? []) {
      for (const transaction of group.transactions ?? []) {
        if (!group.header || !transaction.header) continue;
        transactions.push({
          group: plain(group.header),
          header: plain(transaction.header),
          segments: transaction.segments.map(plain),
        });
      }
    }
  }
  return { header: plain(interchanges[0].header), separators, transactions };
}

function plain(segment: X12Segment): Segment {
  return { tag: segment.tag, elements: segment.elements.map((e) => e.value ?? '') };
}

/** Element `position` (1-based) of a segment; empty when the segment stops before it. */
export function el(segment: Segment | undefined, position: number): string {
  return segment?.elements[position - 1] ?? '';
}
