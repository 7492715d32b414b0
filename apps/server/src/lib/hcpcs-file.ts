import { HCPCS_FORMAT } from '@dme/shared';

/**
 * The CMS HCPCS Level II annual file ("HCPC2020_ANWEB_w_disclaimer.txt"): fixed-width records of
 * 320 characters after a few lines of disclaimer. Columns (1-based): code 1-5, sequence 6-10,
 * record id 11 (3 the first line of a code, 4 a continuation, 7 the first line of a modifier,
 * 8 a continuation), long description 12-91 (continued over the continuation lines), short
 * description 92-119. Codes starting with D are the ADA's CDT codes, which a DME supplier does
 * not bill: they are skipped.
 */

export interface HcpcsCodeRow {
  code: string;
  long_description: string;
  short_description: string;
}

export interface HcpcsModifierRow {
  code: string;
  description: string;
}

export interface HcpcsFile {
  codes: HcpcsCodeRow[];
  modifiers: HcpcsModifierRow[];
}

/** A file that is not in the annual file's layout; the message says where and why, in plain words. */
export class HcpcsFileError extends Error {}

const RECORD = /^(.{5})([0-9]{5})([3478])/;
const MODIFIER = /^[A-Z0-9]{2}$/;
const LAYOUT =
  'a CMS HCPCS annual file has fixed-width records: the code in columns 1-5, a sequence number in 6-10 and the record id (3, 4, 7 or 8) in column 11';

/** CMS publishes the file in Latin-1; a file saved as UTF-8 is read as UTF-8. */
function decode(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return buffer.toString('latin1');
  }
}

const field = (line: string, from: number, to: number) => line.slice(from - 1, to).trim();

function joined(first: string, more: string): string {
  if (more === '') return first;
  return first === '' ? more : `${first} ${more}`;
}

/** Reads the annual file; throws HcpcsFileError when it is not in that layout. */
export function parseHcpcsFile(buffer: Buffer): HcpcsFile {
  if (buffer.includes(0)) throw new HcpcsFileError(`The file is not text: ${LAYOUT}.`);
  const lines = decode(buffer).split(/\r?\n/);
  const codes = new Map<string, HcpcsCodeRow>();
  const modifiers = new Map<string, HcpcsModifierRow>();
  // The entry that continuation lines add to; null while a skipped (dental) code is continued.
  let current: { kind: 'code'; row: HcpcsCodeRow } | { kind: 'modifier'; row: HcpcsModifierRow } | null = null;
  let skipping: string | null = null;
  let records = 0;

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    const match = RECORD.exec(line);
    if (!match) {
      // The disclaimer above the first record is text; after it, every line is a record.
      if (records === 0) return;
      throw new HcpcsFileError(`Line ${lineNumber} is not a HCPCS record: ${LAYOUT}.`);
    }
    records += 1;
    const [, rawCode, , recordId] = match;
    const description = field(line, 12, 91);
    switch (recordId) {
      case '3': {
        const code = rawCode.trim();
        if (!HCPCS_FORMAT.test(code))
          throw new HcpcsFileError(`Line ${lineNumber}: "${code}" is not a HCPCS code (a letter and four digits).`);
        if (codes.has(code) || skipping === code)
          throw new HcpcsFileError(`Line ${lineNumber}: code ${code} appears twice.`);
        if (code.startsWith('D')) {
          skipping = code;
          current = null;
          return;
        }
        skipping = null;
        const row = { code, long_description: description, short_description: field(line, 92, 119) };
        codes.set(code, row);
        current = { kind: 'code', row };
        return;
      }
      case '7': {
        const code = rawCode.trim();
        if (!MODIFIER.test(code))
          throw new HcpcsFileError(`Line ${lineNumber}: "${code}" is not a modifier (two letters or digits).`);
        if (modifiers.has(code)) throw new HcpcsFileError(`Line ${lineNumber}: modifier ${code} appears twice.`);
        skipping = null;
        const row = { code, description: description || field(line, 92, 119) };
        modifiers.set(code, row);
        current = { kind: 'modifier', row };
        return;
      }
      case '4':
      case '8': {
        const code = rawCode.trim();
        if (skipping !== null && code === skipping && recordId === '4') return;
        const kind = recordId === '4' ? 'code' : 'modifier';
        if (current === null || current.kind !== kind || current.row.code !== code)
          throw new HcpcsFileError(`Line ${lineNumber} continues ${code}, which is not the record above it.`);
        if (current.kind === 'code') current.row.long_description = joined(current.row.long_description, description);
        else current.row.description = joined(current.row.description, description);
        return;
      }
    }
  });

  if (codes.size === 0) throw new HcpcsFileError(`The file holds no HCPCS codes: ${LAYOUT}.`);
  const rows = [...codes.values()].map((r) => ({
    ...r,
    long_description: r.long_description || r.short_description,
  }));
  return { codes: rows, modifiers: [...modifiers.values()] };
}
