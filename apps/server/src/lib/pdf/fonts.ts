import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** The standard fonts the documents use (built into every PDF reader: nothing is embedded). */
export type FontName = 'Helvetica' | 'Helvetica-Bold';
export const FONTS: FontName[] = ['Helvetica', 'Helvetica-Bold'];

/** The part of pdfkit's standard (AFM) font object that turns text into glyphs and widths. */
interface FontMetrics {
  encode(text: string, features?: unknown): [string[], unknown[]];
  widthOfString(text: string, size: number, features?: unknown): number;
}

const MEMOIZED = Symbol('memoized');
/**
 * Entries each font remembers before starting afresh: the repeated texts (labels, units, column
 * titles, quantities) come back at once, while one-off texts (names, addresses) never pile up, so
 * memory stays flat however many pages a document holds.
 */
const CACHE_LIMIT = 2_000;
/** Only texts this short keep their encoding (glyph lists are the bulky part of the cache). */
const ENCODE_CACHE_MAX_LENGTH = 32;

/**
 * pdfkit encodes a string (glyph by glyph, with kerning) up to three times per text() call, and
 * a long document repeats the same labels, units and figures on every page: that work was most of
 * a batch's time. Each font of the document remembers its encodings and widths (per document,
 * bounded by CACHE_LIMIT); pdfkit only reads what encode returns.
 */
export function memoizeFontMetrics(doc: Doc, fonts: FontName[] = FONTS): void {
  for (const name of fonts) {
    doc.font(name);
    const font = (doc as unknown as { _font: FontMetrics & { [MEMOIZED]?: true } })._font;
    if (font[MEMOIZED]) continue;
    const encode = font.encode.bind(font);
    const widthOfString = font.widthOfString.bind(font);
    const encoded = new Map<string, [string[], unknown[]]>();
    const widths = new Map<string, number>();
    font.encode = (text, features) => {
      // Long texts are one-off (names, addresses, notes): encoding them once is the cheap path.
      if (features !== undefined || text.length > ENCODE_CACHE_MAX_LENGTH) return encode(text, features);
      let hit = encoded.get(text);
      if (!hit) {
        if (encoded.size >= CACHE_LIMIT) encoded.clear();
        hit = encode(text);
        encoded.set(text, hit);
      }
      return hit;
    };
    font.widthOfString = (text, size, features) => {
      if (features !== undefined) return widthOfString(text, size, features);
      let unit = widths.get(text);
      if (unit === undefined) {
        if (widths.size >= CACHE_LIMIT) widths.clear();
        unit = widthOfString(text, 1000);
        widths.set(text, unit);
      }
      // pdfkit's own arithmetic, to the last bit: a line wraps where it would without the cache.
      return unit * (size / 1000);
    };
    font[MEMOIZED] = true;
  }
}

/**
 * One line of text cut to `max` points (in the document's current font and size) with an
 * ellipsis. Line breaks and tabs become spaces: a cell or a labelled value keeps to one line.
 */
export function fitLine(doc: Doc, value: string, max: number): { text: string; width: number } {
  const text = value.replace(/[^\S ]+/g, ' ');
  const full = doc.widthOfString(text);
  if (full <= max) return { text, width: full };
  let end = text.length;
  let cut = text;
  let width = full;
  while (end > 0 && width > max) {
    end -= Math.max(1, Math.floor(end * 0.1));
    cut = `${text.slice(0, end).trimEnd()}…`;
    width = doc.widthOfString(cut);
  }
  return { text: cut, width };
}
