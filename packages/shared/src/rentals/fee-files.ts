import { isWireDate } from '../common/dates.ts';

/**
 * Readers of the CSV files behind payer pricing: the CMS DMEPOS fee schedule (DMEPOS_JAN.csv),
 * the CMS rural ZIP code file of a quarter, and a payer's own price list. Each takes the decoded
 * text and throws an Error whose message names the line (1-based, as an editor counts) on bad input.
 */

/** One row of a fee schedule. */
export interface FeeRow {
  hcpcs: string;
  modifier1: string;
  modifier2: string;
  jurisdiction: string;
  category: string;
  description: string;
  /** state -> [non-rural, rural], two-decimal text; "0.00" means no fee in that area. */
  fees: Record<string, [string, string]>;
}

export interface RuralZip {
  state: string;
  /** Five digits. */
  zip: string;
  /** The file's YEAR/QTR ("202501"). */
  quarter: string;
}

export interface PriceListRow {
  hcpcs: string;
  modifiers: string[];
  /** Two-decimal text ("125.00"). */
  price: string;
  /** YYYY-MM-DD. */
  effective_date: string;
}

interface CsvRecord {
  /** The line the record starts on. */
  line: number;
  fields: string[];
}

/** The fields of one record starting at `from`, and where the next record starts; null for an open quote. */
function readRecord(source: string, from: number): { fields: string[]; next: number; lines: number } | null {
  const fields: string[] = [];
  let i = from;
  let lines = 1;
  for (;;) {
    if (source[i] === '"') {
      // A quoted field: up to the closing quote, "" standing for one quote.
      let value = '';
      let at = i + 1;
      for (;;) {
        const close = source.indexOf('"', at);
        if (close < 0) return null;
        const chunk = source.slice(at, close);
        value += chunk;
        lines += chunk.split('\n').length - 1;
        if (source[close + 1] === '"') {
          value += '"';
          at = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      // Text after the closing quote, before the comma, is kept as it is.
      let end = i;
      while (end < source.length && source[end] !== ',' && source[end] !== '\n' && source[end] !== '\r') end++;
      fields.push(value + source.slice(i, end));
      i = end;
    } else {
      let end = i;
      while (end < source.length && source[end] !== ',' && source[end] !== '\n' && source[end] !== '\r') end++;
      fields.push(source.slice(i, end));
      i = end;
    }
    if (source[i] === ',') {
      i++;
      continue;
    }
    if (source[i] === '\r' && source[i + 1] === '\n') i += 2;
    else if (i < source.length) i++;
    return { fields, next: i, lines };
  }
}

/**
 * Splits CSV text into records: fields separated by commas, a field in double quotes may hold
 * commas, line breaks and doubled quotes. A byte-order mark and CR LF endings are accepted.
 */
export function csvRecords(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let at = 0;
  while (at < source.length) {
    const record = readRecord(source, at);
    if (!record) throw new Error(`Line ${line}: a quoted field is not closed`);
    records.push({ line, fields: record.fields });
    line += record.lines;
    at = record.next;
  }
  return records;
}

const isBlankRecord = (r: CsvRecord) => r.fields.every((f) => f.trim() === '');

const HCPCS = /^[A-Z][0-9]{4}$/;
const MODIFIER = /^[A-Z0-9]{2}$/;
const CATEGORY = /^[A-Z]{2}$/;
const FEE = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;
/** An amount already written as the schedule writes it ("49.37", "0.00"). */
const CANONICAL_FEE = /^(0|[1-9][0-9]{0,8})\.[0-9]{2}$/;
const STATE_COLUMN = /^([A-Z]{2}) \((NR|R)\)$/;

const DMEPOS_LAYOUT =
  'a CMS DMEPOS fee schedule has a header row "HCPCS,Mod,Mod2,JURIS,CATG,Ceiling,Floor," then "<state> (NR),<state> (R)" pairs, then "Description"';
const FIXED_COLUMNS = ['HCPCS', 'MOD', 'MOD2', 'JURIS', 'CATG', 'CEILING', 'FLOOR'];

/** "49.4" -> "49.40". */
function twoDecimals(text: string): string {
  const [whole, fraction = ''] = text.split('.');
  return `${whole.replace(/^0+(?=[0-9])/, '')}.${fraction.padEnd(2, '0')}`;
}

/** The states of a header row in column order, or the reason it is not the DMEPOS header. */
function dmeposStates(header: string[]): string[] | string {
  const names = header.map((h) => h.trim().toUpperCase());
  if (FIXED_COLUMNS.some((name, i) => names[i] !== name)) return `the columns must start ${FIXED_COLUMNS.join(',')}`;
  const last = names.length - 1;
  if (names[last] !== 'DESCRIPTION') return 'the last column must be Description';
  const states: string[] = [];
  for (let i = FIXED_COLUMNS.length; i < last; i += 2) {
    const nonRural = STATE_COLUMN.exec(names[i] ?? '');
    const rural = STATE_COLUMN.exec(names[i + 1] ?? '');
    if (!nonRural || !rural || nonRural[2] !== 'NR' || rural[2] !== 'R' || nonRural[1] !== rural[1])
      return `columns ${i + 1} and ${i + 2} must be a state's "(NR)" and "(R)" fees`;
    if (states.includes(nonRural[1])) return `the state ${nonRural[1]} appears twice`;
    states.push(nonRural[1]);
  }
  if (states.length === 0) return 'it names no state';
  return states;
}

/**
 * DMEPOS_JAN.csv layout: title rows, then the header row starting "HCPCS,Mod,Mod2,JURIS,CATG,Ceiling,Floor,"
 * then "<ST> (NR),<ST> (R)" pairs, then "Description". Quoted fields with commas. Ceiling and
 * floor are read for their form but not kept. A code with the same modifiers twice is refused.
 */
export function parseDmeposCsv(text: string): FeeRow[] {
  const records = csvRecords(text);
  const headerAt = records.findIndex((r) => r.fields[0]?.trim().toUpperCase() === 'HCPCS');
  if (headerAt < 0) throw new Error(`The file has no header row: ${DMEPOS_LAYOUT}`);
  const header = records[headerAt];
  const states = dmeposStates(header.fields);
  if (typeof states === 'string') throw new Error(`Line ${header.line}: ${states}: ${DMEPOS_LAYOUT}`);
  const width = header.fields.length;
  const rows: FeeRow[] = [];
  const seen = new Set<string>();
  for (const record of records.slice(headerAt + 1)) {
    if (isBlankRecord(record)) continue;
    const at = `Line ${record.line}`;
    const f = record.fields.map((v) => v.trim());
    if (f.length !== width) throw new Error(`${at}: ${f.length} columns where the header has ${width}`);
    const [hcpcs, modifier1, modifier2, jurisdiction, category] = f;
    if (!HCPCS.test(hcpcs)) throw new Error(`${at}: "${hcpcs}" is not a HCPCS code`);
    for (const modifier of [modifier1, modifier2])
      if (modifier !== '' && !MODIFIER.test(modifier)) throw new Error(`${at}: "${modifier}" is not a modifier`);
    if (modifier1 === '' && modifier2 !== '') throw new Error(`${at}: Mod2 is filled and Mod is empty`);
    if (!CATEGORY.test(category)) throw new Error(`${at}: "${category}" is not a payment category (CATG)`);
    const key = `${hcpcs} ${modifier1} ${modifier2}`;
    if (seen.has(key)) throw new Error(`${at}: ${key.trim()} appears twice`);
    seen.add(key);
    const amounts: string[] = [];
    for (let i = 5; i < width - 1; i++) {
      const text = f[i];
      if (CANONICAL_FEE.test(text)) amounts.push(text);
      else if (FEE.test(text)) amounts.push(twoDecimals(text));
      else throw new Error(`${at}: "${text}" in column ${header.fields[i].trim()} is not an amount`);
    }
    const fees: Record<string, [string, string]> = {};
    for (let s = 0; s < states.length; s++) fees[states[s]] = [amounts[2 + 2 * s], amounts[3 + 2 * s]];
    rows.push({ hcpcs, modifier1, modifier2, jurisdiction, category, description: f[width - 1], fees });
  }
  if (rows.length === 0) throw new Error(`The file holds no fee rows after its header (line ${header.line})`);
  return rows;
}

const RURAL_HEADER = ['STATE', 'DMEPOS RURAL ZIP CODE', 'YEAR/QTR'];

/**
 * "STATE,DMEPOS RURAL ZIP CODE,YEAR/QTR" rows -> {state, zip (5 digits), quarter ("202501")}. A ZIP
 * of three or four digits (a spreadsheet dropped its leading zeros) is padded back to five.
 */
export function parseRuralZipCsv(text: string): RuralZip[] {
  const records = csvRecords(text).filter((r) => !isBlankRecord(r));
  const header = records[0];
  const layout = `a CMS rural ZIP code file has the header row ${RURAL_HEADER.join(',')}`;
  if (!header) throw new Error(`The file is empty: ${layout}`);
  const names = header.fields.map((h) => h.trim().toUpperCase());
  if (names.length < 3 || RURAL_HEADER.some((name, i) => names[i] !== name))
    throw new Error(`Line ${header.line}: ${layout}`);
  const zips: RuralZip[] = [];
  const seen = new Set<string>();
  for (const record of records.slice(1)) {
    const at = `Line ${record.line}`;
    const [state = '', zipText = '', quarter = ''] = record.fields.map((v) => v.trim());
    if (!/^[A-Z]{2}$/.test(state)) throw new Error(`${at}: "${state}" is not a state`);
    if (!/^[0-9]{3,5}$/.test(zipText)) throw new Error(`${at}: "${zipText}" is not a ZIP code`);
    if (!/^[0-9]{4}0[1-4]$/.test(quarter)) throw new Error(`${at}: "${quarter}" is not a quarter (YYYY0Q)`);
    const zip = zipText.padStart(5, '0');
    if (seen.has(zip)) throw new Error(`${at}: the ZIP code ${zip} appears twice`);
    seen.add(zip);
    zips.push({ state, zip, quarter });
  }
  if (zips.length === 0) throw new Error(`The file holds no ZIP codes after its header (line ${header.line})`);
  return zips;
}

const PRICE_HEADER = ['HCPCS', 'MODIFIERS', 'PRICE', 'EFFECTIVE_DATE'];
const PRICE = /^[0-9]{1,10}(\.[0-9]{1,2})?$/;
const MAX_MODIFIERS = 4;

/** YYYY-MM-DD or MM/DD/YYYY (M/D/YYYY too) -> YYYY-MM-DD; null when not a calendar date. */
function wireDate(text: string): string | null {
  const us = /^([0-9]{1,2})\/([0-9]{1,2})\/([0-9]{4})$/.exec(text);
  const date = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : text;
  return isWireDate(date) ? date : null;
}

/**
 * A payer's price list: header "hcpcs,modifiers,price,effective_date" (modifiers separated by
 * spaces or colons, may be empty; date YYYY-MM-DD or MM/DD/YYYY). Codes and modifiers are read in
 * any case; a price may start with "$". The same code, modifiers and date twice is refused.
 */
export function parsePriceListCsv(text: string): PriceListRow[] {
  const records = csvRecords(text).filter((r) => !isBlankRecord(r));
  const header = records[0];
  const layout = `a price list has the header row ${PRICE_HEADER.join(',').toLowerCase()}`;
  if (!header) throw new Error(`The file is empty: ${layout}`);
  const names = header.fields.map((h) => h.trim().toUpperCase());
  if (names.length !== PRICE_HEADER.length || PRICE_HEADER.some((name, i) => names[i] !== name))
    throw new Error(`Line ${header.line}: ${layout}`);
  const rows: PriceListRow[] = [];
  const seen = new Set<string>();
  for (const record of records.slice(1)) {
    const at = `Line ${record.line}`;
    if (record.fields.length !== PRICE_HEADER.length)
      throw new Error(`${at}: ${record.fields.length} columns where the header has ${PRICE_HEADER.length}`);
    const [code, modifierText, priceText, dateText] = record.fields.map((v) => v.trim());
    const hcpcs = code.toUpperCase();
    if (!HCPCS.test(hcpcs)) throw new Error(`${at}: "${code}" is not a HCPCS code`);
    const modifiers = modifierText
      .toUpperCase()
      .split(/[\s:]+/)
      .filter(Boolean);
    const badModifier = modifiers.find((m) => !MODIFIER.test(m));
    if (badModifier !== undefined) throw new Error(`${at}: "${badModifier}" is not a modifier`);
    if (modifiers.length > MAX_MODIFIERS) throw new Error(`${at}: at most ${MAX_MODIFIERS} modifiers`);
    const plainPrice = priceText.replace(/^\$/, '').replace(/,/g, '');
    if (!PRICE.test(plainPrice)) throw new Error(`${at}: "${priceText}" is not a price (e.g. 125.50)`);
    const effectiveDate = wireDate(dateText);
    if (effectiveDate === null) throw new Error(`${at}: "${dateText}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
    const key = `${hcpcs} ${modifiers.join(':')} ${effectiveDate}`;
    if (seen.has(key)) throw new Error(`${at}: ${hcpcs} with the same modifiers and date appears twice`);
    seen.add(key);
    rows.push({ hcpcs, modifiers, price: twoDecimals(plainPrice), effective_date: effectiveDate });
  }
  if (rows.length === 0) throw new Error(`The file holds no prices after its header (line ${header.line})`);
  return rows;
}
