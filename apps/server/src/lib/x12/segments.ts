import { X12FatInterchange, X12Parser, type X12Interchange, type X12Segment } from 'node-x12';

/** A segment as read: its tag and its elements, `elements[0]` being element 01. */
export interface Segment {
  tag: string;
  elements: string[];
  /**
   * Its place among the file's segments, the first ISA being 1: the text line when the file
   * has one segment a line, and what an error message names. Set on every segment read.
   */
  line?: number;
}

/** One transaction set (ST to SE) with the interchange (ISA) and group header (GS) it came in. */
export interface Transaction {
  /** The ISA before it, elements as written (ISA13 keeps its zeros, ISA06 its spaces). */
  interchange: Segment;
  group: Segment;
  header: Segment;
  /** The segments between ST and SE. */
  segments: Segment[];
}

export interface Interchange {
  /** The ISA node-x12 keeps: the last one when the file holds several interchanges. */
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
  const places = new Places(edi, separators);
  const transactions: Transaction[] = [];
  for (const interchange of interchanges) {
    for (const group of interchange.functionalGroups ?? []) {
      if (!group.header) continue;
      const gs = plain(group.header, places.locate(group.header));
      for (const transaction of group.transactions ?? []) {
        if (!transaction.header) continue;
        const header = plain(transaction.header, places.locate(transaction.header));
        transactions.push({
          interchange: places.interchangeBefore(header.line),
          group: gs,
          header,
          segments: transaction.segments.map((s) => plain(s, places.locate(s))),
        });
      }
    }
  }
  return { header: plain(interchanges[0].header, places.lastInterchangeLine()), separators, transactions };
}

function plain(segment: X12Segment, line: number | undefined): Segment {
  const elements = segment.elements.map((e) => e.value ?? '');
  return line === undefined ? { tag: segment.tag, elements } : { tag: segment.tag, elements, line };
}

/**
 * Where each segment node-x12 kept stands in the file. The file is cut at its segment
 * terminators as node-x12 cuts it, and the kept segments, taken in file order, are matched to the
 * pieces by tag: node-x12 drops some segments (an ISA after the first, segments outside ST/SE),
 * so its count alone would be wrong.
 */
class Places {
  private readonly tags: string[];
  private readonly interchanges: (Segment & { line: number })[] = [];
  private next = 0;

  constructor(edi: string, separators: Interchange['separators']) {
    // Text after the last terminator is no segment (node-x12 drops it too).
    const pieces = edi.split(separators.segment).slice(0, -1);
    this.tags = pieces.map((piece, i) => {
      const [tag = '', ...elements] = piece.split(separators.element);
      const name = tag.replace(/\s/g, '');
      if (name === 'ISA') this.interchanges.push({ tag: name, elements, line: i + 1 });
      return name;
    });
  }

  /** The line of the next segment of the file with this tag: call it in file order. */
  locate(segment: X12Segment): number | undefined {
    const found = this.tags.indexOf(segment.tag, this.next);
    if (found < 0) return undefined;
    this.next = found + 1;
    return found + 1;
  }

  /** The last ISA before `line` (the first ISA when the line is unknown). */
  interchangeBefore(line: number | undefined): Segment {
    let found: Segment = this.interchanges[0] ?? { tag: 'ISA', elements: [], line: 1 };
    for (const isa of this.interchanges) {
      if (line === undefined || isa.line > line) break;
      found = isa;
    }
    return found;
  }

  lastInterchangeLine(): number {
    return this.interchanges[this.interchanges.length - 1]?.line ?? 1;
  }
}

/** Element `position` (1-based) of a segment; empty when the segment stops before it. */
export function el(segment: Segment | undefined, position: number): string {
  return segment?.elements[position - 1] ?? '';
}
