import { describe, expect, it } from 'vitest';
import { renderPdf } from './output.ts';
import { Table, type Column } from './table.ts';
import { pageTexts, TEST_DOCUMENT } from './test-pdf.ts';

const COLUMNS: Column[] = [
  { title: 'Item', width: 120 },
  { title: 'Description', width: 300 },
  { title: 'Amount', width: 92, align: 'right' },
];
const STYLE = { fontSize: 9, rowHeight: 20, padding: { x: 4, top: 5 } };
const row = (n: number) => [`Row ${String(n).padStart(3, '0')}`, `Description of row ${n}`, `$${n}.00`];

describe('Table', () => {
  it('breaks to a new page at the first row that no longer fits, the header row repeated on it', async () => {
    const pagesOfRows: number[] = [];
    const pdf = await renderPdf(TEST_DOCUMENT, (doc) => {
      doc.newPage();
      doc.y = 102;
      const table = new Table(doc, COLUMNS, STYLE);
      table.begin();
      for (let n = 1; n <= 70; n++) {
        table.row(row(n));
        pagesOfRows.push(doc.pageNumber);
      }
      table.end();
    });
    // Page 1: the header row from 102 to 122, then rows while they end by 742: (742 - 122) / 20 = 31.
    // Page 2: the header row from 50 to 70, then (742 - 70) / 20 = 33.6, so 33 rows.
    expect(pagesOfRows.filter((p) => p === 1)).toHaveLength(31);
    expect(pagesOfRows.filter((p) => p === 2)).toHaveLength(33);
    expect(pagesOfRows.filter((p) => p === 3)).toHaveLength(6);
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page).toMatch(/Item\s+Description\s+Amount/);
    expect(pages[0]).toContain('Row 031');
    expect(pages[0]).not.toContain('Row 032');
    expect(pages[1]).toMatch(/Item\s+Description\s+Amount\s+Row 032/);
    expect(pages[1]).toContain('Row 064');
    expect(pages[2]).toMatch(/Row 065\s+Description of row 65\s+\$65\.00/);
    // The header row comes first on the new page, then the rows in their order.
    expect(pages[1].indexOf('Item')).toBeLessThan(pages[1].indexOf('Row 032'));
  });

  it('ends a row above the bottom it is given, and repeats no header row once ended', async () => {
    const pdf = await renderPdf(TEST_DOCUMENT, (doc) => {
      doc.newPage();
      const table = new Table(doc, COLUMNS, STYLE);
      table.begin();
      table.row(row(1));
      // Rows 2 to 4 end by 150 (from 90 to 150); row 5 would end at 170.
      for (let n = 2; n <= 5; n++) table.row(row(n), { bottom: 150 });
      table.end();
      doc.ensureSpace(800);
      doc.textLine('After the table', doc.left, doc.y, { size: 9 });
    });
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Row 004');
    expect(pages[0]).not.toContain('Row 005');
    expect(pages[1]).toMatch(/Item[\s\S]*Row 005/);
    expect(pages[2]).toContain('After the table');
    expect(pages[2]).not.toContain('Item');
  });

  it('wraps the cells of wrapping columns (the row grows), cuts the others with an ellipsis', async () => {
    const columns: Column[] = [
      { title: 'Item', width: 100 },
      { title: 'Description', width: 120, wrap: true },
      { title: 'Amount', width: 80, align: 'right' },
    ];
    const long = 'A description long enough to take two lines of its cell, then a third that is cut';
    let heights: number[] = [];
    const pdf = await renderPdf(TEST_DOCUMENT, (doc) => {
      doc.newPage();
      const table = new Table(doc, columns, { ...STYLE, padding: { x: 4, top: 4 }, maxLines: 2 });
      table.begin();
      const before = doc.y;
      table.row(['Short', 'One line', '$1.00']);
      const afterOne = doc.y;
      table.row(['Long', long, '$2.00']);
      heights = [afterOne - before, doc.y - afterOne];
      table.row(['An item name far too long for its column of the table', 'One line', '$3.00']);
    });
    expect(heights[0]).toBe(20);
    expect(heights[1]).toBeGreaterThan(28);
    const [page] = pageTexts(pdf);
    expect(page).toMatch(/Long\s+A description long enough\s+\$2\.00/);
    expect(page).toContain('…');
    expect(page).not.toContain('that is cut');
    expect(page).toMatch(/An item name[^\n]*…\s+One line\s+\$3\.00/);
    expect(page).not.toContain('column of the table');
  });

  it('rows that do not fit together move whole to the next page', async () => {
    const columns: Column[] = [{ title: 'Notes', width: 200, wrap: true }];
    const pdf = await renderPdf(TEST_DOCUMENT, (doc) => {
      doc.newPage();
      doc.y = 700;
      const table = new Table(doc, columns, { ...STYLE, maxLines: 3 });
      table.begin();
      table.row(['First line of the row that wraps onto a second line and a third']);
    });
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).not.toContain('First line');
    expect(pages[1]).toMatch(/Notes\s+First line of the row/);
  });
});
