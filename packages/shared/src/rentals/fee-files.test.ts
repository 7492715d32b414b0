import { describe, expect, it } from 'vitest';
import { csvRecords, parseDmeposCsv, parsePriceListCsv, parseRuralZipCsv } from './fee-files.ts';

// Lines of apps/server/reference/cms/dmepos-2025-jan/DMEPOS_JAN.csv (CMS, January 2025), as the file has them.
/** Lines 1-6: the title rows. */
const TITLE = [
  '"Durable Medical Equipment,",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,*** Non-continental areas ***,,,,',
  '"Prosthetics, Orthotics, and Supplies",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,(Not subject to ceiling and floor),,,,',
  '(DMEPOS),,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,',
  'January 2025 Fee Schedule,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,',
  ',,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,',
  ',,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,',
];
/** Line 7: the header row (114 columns). */
const HEADER =
  'HCPCS,Mod,Mod2,JURIS,CATG,Ceiling,Floor,AL (NR),AL (R),AR (NR),AR (R),AZ (NR),AZ (R),CA (NR),CA (R),CO (NR),CO (R),CT (NR),CT (R),DC (NR),DC (R),DE (NR),DE (R),FL (NR),FL (R),GA (NR),GA (R),IA (NR),IA (R),ID (NR),ID (R),IL (NR),IL (R),IN (NR),IN (R),KS (NR),KS (R),KY (NR),KY (R),LA (NR),LA (R),MA (NR),MA (R),MD (NR),MD (R),ME (NR),ME (R),MI (NR),MI (R),MN (NR),MN (R),MO (NR),MO (R),MS (NR),MS (R),MT (NR),MT (R),NC (NR),NC (R),ND (NR),ND (R),NE (NR),NE (R),NH (NR),NH (R),NJ (NR),NJ (R),NM (NR),NM (R),NV (NR),NV (R),NY (NR),NY (R),OH (NR),OH (R),OK (NR),OK (R),OR (NR),OR (R),PA (NR),PA (R),RI (NR),RI (R),SC (NR),SC (R),SD (NR),SD (R),TN (NR),TN (R),TX (NR),TX (R),UT (NR),UT (R),VA (NR),VA (R),VT (NR),VT (R),WA (NR),WA (R),WI (NR),WI (R),WV (NR),WV (R),WY (NR),WY (R),AK (NR),AK (R),HI (NR),HI (R),PR (NR),PR (R),VI (NR),VI (R),Description';
/** Line 8: a quoted description holding a comma. */
const A4216 =
  'A4216,,,J,OS,0.62,0.53,0.57,0.00,0.62,0.00,0.61,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.57,0.00,0.62,0.00,0.62,0.00,0.53,0.00,0.53,0.00,0.62,0.00,0.53,0.00,0.53,0.00,0.62,0.00,0.62,0.00,0.61,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.53,0.00,0.57,0.00,0.61,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.62,0.00,0.54,0.00,0.53,0.00,0.53,0.00,0.53,0.00,0.62,0.00,0.53,0.00,0.62,0.00,0.53,0.00,0.53,0.00,0.53,0.00,0.62,0.00,0.57,0.00,0.62,0.00,0.53,0.00,0.62,0.00,0.57,0.00,0.62,0.00,0.97,0.00,0.95,0.00,0.52,0.00,0.54,0.00,"Sterile water/saline, 10 ml"';
/** Line 747: the CPAP device, rented. */
const E0601 =
  'E0601,RR,,D,CR,0.00,0.00,50.58,94.93,50.58,84.80,49.57,94.93,49.12,91.03,49.56,86.61,49.55,89.21,48.72,92.59,48.72,90.33,50.58,84.80,50.58,94.93,49.37,94.93,49.56,94.93,51.26,94.93,51.26,94.93,49.37,94.93,50.58,94.76,50.58,84.80,49.55,86.04,48.72,94.93,49.55,87.75,51.26,87.82,49.37,85.99,49.37,94.93,50.58,88.09,49.56,84.80,50.58,94.93,49.37,93.74,49.37,94.93,49.55,85.54,48.72,87.91,49.57,94.93,49.12,94.93,48.72,94.93,51.26,94.93,49.57,94.93,49.12,94.93,48.72,89.21,49.55,94.93,50.58,94.93,49.37,94.93,50.58,94.93,49.57,89.54,49.56,94.93,50.58,89.50,49.55,85.83,49.12,94.93,51.26,92.01,50.58,92.97,49.56,94.93,91.42,0.00,95.86,0.00,98.07,0.00,94.66,0.00,Cont airway pressure device';
/** Line 1282: an oxygen concentrator with a second modifier. */
const E1390_QB =
  'E1390,RR,QB,D,OX,0.00,0.00,97.57,173.32,97.57,173.32,95.58,173.32,92.08,173.32,98.47,173.32,96.91,173.32,93.86,173.32,93.86,173.32,97.57,173.32,97.57,173.32,97.53,173.32,98.47,173.32,96.70,173.32,96.70,173.32,97.53,173.32,97.57,173.32,97.57,173.32,96.91,173.32,93.86,173.32,96.91,173.32,96.70,173.32,97.53,173.32,97.53,173.32,97.57,173.32,98.47,173.32,97.57,173.32,97.53,173.32,97.53,173.32,96.91,173.32,93.86,173.32,95.58,173.32,92.08,173.32,93.86,173.32,96.70,173.32,95.58,173.32,92.08,173.32,93.86,173.32,96.91,173.32,97.57,173.32,97.53,173.32,97.57,173.32,95.58,173.32,98.47,173.32,97.57,173.32,96.91,173.32,92.08,173.32,96.70,173.32,97.57,173.32,98.47,173.32,173.32,0.00,173.32,0.00,173.32,0.00,173.32,0.00,Oxygen concentrator';

const dmepos = (...rows: string[]) => [...TITLE, HEADER, ...rows, ''].join('\r\n');

/** The message a reader throws. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('csvRecords', () => {
  it('splits on commas outside quotes, keeps doubled quotes, counts lines', () => {
    expect(csvRecords('a,"b, c",d\r\n"say ""hi""",\n"two\nlines",x')).toEqual([
      { line: 1, fields: ['a', 'b, c', 'd'] },
      { line: 2, fields: ['say "hi"', ''] },
      { line: 3, fields: ['two\nlines', 'x'] },
    ]);
    expect(refusal(() => csvRecords('a\n"open,b'))).toBe('Line 2: a quoted field is not closed');
  });
});

describe('parseDmeposCsv', () => {
  it('reads rows after the title rows: modifiers, category, description and every state fee pair', () => {
    const rows = parseDmeposCsv(dmepos(A4216, E0601, E1390_QB));
    expect(rows).toHaveLength(3);
    const [water, cpap, oxygen] = rows;
    expect(water).toMatchObject({
      hcpcs: 'A4216',
      modifier1: '',
      modifier2: '',
      jurisdiction: 'J',
      category: 'OS',
      description: 'Sterile water/saline, 10 ml',
    });
    expect(Object.keys(water.fees)).toHaveLength(53);
    expect(water.fees.AL).toEqual(['0.57', '0.00']);
    expect(water.fees.VI).toEqual(['0.54', '0.00']);
    // Line 747: IA (NR) 49.37, IA (R) 94.93.
    expect(cpap).toMatchObject({ hcpcs: 'E0601', modifier1: 'RR', modifier2: '', category: 'CR' });
    expect(cpap.fees.IA).toEqual(['49.37', '94.93']);
    expect(cpap.fees.AK).toEqual(['91.42', '0.00']);
    expect(oxygen).toMatchObject({ hcpcs: 'E1390', modifier1: 'RR', modifier2: 'QB', category: 'OX' });
    expect(oxygen.fees.TX).toEqual(['95.58', '173.32']);
  });

  it('reads a file without title rows, with LF endings and short amounts', () => {
    const rows = parseDmeposCsv([HEADER, E0601.replace('49.37,94.93', '49.4,94')].join('\n'));
    expect(rows[0].fees.IA).toEqual(['49.40', '94.00']);
  });

  it('refuses what is not the layout, naming the line', () => {
    expect(refusal(() => parseDmeposCsv('HCPCS,Mod,Description\nE0601,,CPAP\n'))).toMatch(
      /^Line 1: the columns must start HCPCS,MOD,MOD2/,
    );
    expect(refusal(() => parseDmeposCsv('just,some,text\n'))).toMatch(/^The file has no header row/);
    expect(refusal(() => parseDmeposCsv(dmepos()))).toBe('The file holds no fee rows after its header (line 7)');
    expect(refusal(() => parseDmeposCsv(dmepos(A4216, 'E0601,RR')))).toBe('Line 9: 2 columns where the header has 114');
    expect(refusal(() => parseDmeposCsv(dmepos(E0601.replace('E0601', 'E06X1'))))).toBe(
      'Line 8: "E06X1" is not a HCPCS code',
    );
    expect(refusal(() => parseDmeposCsv(dmepos(E0601.replace(',CR,', ',,'))))).toBe(
      'Line 8: "" is not a payment category (CATG)',
    );
    expect(refusal(() => parseDmeposCsv(dmepos(E0601.replace('49.37', 'n/a'))))).toBe(
      'Line 8: "n/a" in column IA (NR) is not an amount',
    );
    expect(refusal(() => parseDmeposCsv(dmepos(E0601, A4216, E0601)))).toBe('Line 10: E0601 RR appears twice');
    expect(refusal(() => parseDmeposCsv(HEADER.replace('IA (R)', 'IA (X)')))).toMatch(
      /^Line 1: columns 28 and 29 must be a state's "\(NR\)" and "\(R\)" fees/,
    );
  });
});

// Lines 1-3 and 7312 of "DME Rural ZIP Code Quarter 1, 2025.csv".
const RURAL = ['STATE,DMEPOS RURAL ZIP CODE,YEAR/QTR', 'MA,01223,202501', 'MA,02535,202501'];
const RURAL_IA = 'IA,50501,202501';

describe('parseRuralZipCsv', () => {
  it('reads state, ZIP and quarter; pads a ZIP a spreadsheet shortened', () => {
    expect(parseRuralZipCsv([...RURAL, RURAL_IA, 'MA,1240,202501', ''].join('\r\n'))).toEqual([
      { state: 'MA', zip: '01223', quarter: '202501' },
      { state: 'MA', zip: '02535', quarter: '202501' },
      { state: 'IA', zip: '50501', quarter: '202501' },
      { state: 'MA', zip: '01240', quarter: '202501' },
    ]);
  });

  it('refuses another layout, a bad row or a ZIP twice, naming the line', () => {
    expect(refusal(() => parseRuralZipCsv('ZIP,STATE\n50501,IA\n'))).toMatch(
      /^Line 1: a CMS rural ZIP code file has the header row STATE,DMEPOS RURAL ZIP CODE,YEAR\/QTR/,
    );
    expect(refusal(() => parseRuralZipCsv(''))).toMatch(/^The file is empty/);
    expect(refusal(() => parseRuralZipCsv(RURAL[0]))).toBe('The file holds no ZIP codes after its header (line 1)');
    expect(refusal(() => parseRuralZipCsv([...RURAL, 'IA,5050X,202501'].join('\n')))).toBe(
      'Line 4: "5050X" is not a ZIP code',
    );
    expect(refusal(() => parseRuralZipCsv([...RURAL, 'Iowa,50501,202501'].join('\n')))).toBe(
      'Line 4: "Iowa" is not a state',
    );
    expect(refusal(() => parseRuralZipCsv([...RURAL, 'IA,50501,2025Q1'].join('\n')))).toBe(
      'Line 4: "2025Q1" is not a quarter (YYYY0Q)',
    );
    expect(refusal(() => parseRuralZipCsv([...RURAL, RURAL[1]].join('\n')))).toBe(
      'Line 4: the ZIP code 01223 appears twice',
    );
  });
});

describe('parsePriceListCsv', () => {
  it('reads codes, modifiers split by spaces or colons, prices and both date forms', () => {
    const text = [
      'HCPCS,Modifiers,Price,Effective_Date',
      'E0601,RR,45.5,2025-01-01',
      'e1390,rr:qb,"$1,099.00",1/15/2025',
      '',
      'A4253,,8,03/01/2025',
      'K0001,RR KH,30.25,2025-01-01',
    ].join('\r\n');
    expect(parsePriceListCsv(text)).toEqual([
      { hcpcs: 'E0601', modifiers: ['RR'], price: '45.50', effective_date: '2025-01-01' },
      { hcpcs: 'E1390', modifiers: ['RR', 'QB'], price: '1099.00', effective_date: '2025-01-15' },
      { hcpcs: 'A4253', modifiers: [], price: '8.00', effective_date: '2025-03-01' },
      { hcpcs: 'K0001', modifiers: ['RR', 'KH'], price: '30.25', effective_date: '2025-01-01' },
    ]);
  });

  it('refuses bad rows naming the line', () => {
    const list = (...rows: string[]) => ['hcpcs,modifiers,price,effective_date', ...rows].join('\n');
    expect(refusal(() => parsePriceListCsv('code,price\nE0601,45\n'))).toMatch(
      /^Line 1: a price list has the header row hcpcs,modifiers,price,effective_date/,
    );
    expect(refusal(() => parsePriceListCsv(list()))).toBe('The file holds no prices after its header (line 1)');
    expect(refusal(() => parsePriceListCsv(list('E0601,RR,45,2025-01-01', 'E0601,RR,-1,2025-01-01')))).toBe(
      'Line 3: "-1" is not a price (e.g. 125.50)',
    );
    expect(refusal(() => parsePriceListCsv(list('E0601,RR,45.123,2025-01-01')))).toMatch(/^Line 2: "45.123"/);
    expect(refusal(() => parsePriceListCsv(list('E0601,RR,45,2025-02-30')))).toBe(
      'Line 2: "2025-02-30" is not a date (YYYY-MM-DD or MM/DD/YYYY)',
    );
    expect(refusal(() => parsePriceListCsv(list('CPAP,RR,45,2025-01-01')))).toBe('Line 2: "CPAP" is not a HCPCS code');
    expect(refusal(() => parsePriceListCsv(list('E0601,RRR,45,2025-01-01')))).toBe('Line 2: "RRR" is not a modifier');
    expect(refusal(() => parsePriceListCsv(list('E0601,RR,45')))).toBe('Line 2: 3 columns where the header has 4');
    expect(refusal(() => parsePriceListCsv(list('E0601,RR,45,2025-01-01', 'E0601,RR,46,01/01/2025')))).toBe(
      'Line 3: E0601 with the same modifiers and date appears twice',
    );
  });
});
