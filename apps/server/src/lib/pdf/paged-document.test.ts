import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { fitLine } from './fonts.ts';
import { renderPdf } from './output.ts';
import { pageTexts, TEST_DOCUMENT } from './test-pdf.ts';

describe('PagedDocument', () => {
  it('numbers pages "n of N" in the footer of a counted document', async () => {
    const pdf = await renderPdf(
      { ...TEST_DOCUMENT, countPages: true, footer: (page) => `Statement - Page ${page.number} of ${page.count}` },
      (doc) => {
        for (let n = 1; n <= 3; n++) {
          doc.newPage();
          doc.textLine(`Body of page ${n}`, doc.left, doc.y, { size: 10 });
        }
      },
    );
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Body of page ${i + 1}`);
      expect(page).toContain(`Statement - Page ${i + 1} of 3`);
      // The footer sits below the body.
      expect(page.indexOf('Statement')).toBeGreaterThan(page.indexOf('Body'));
    });
  });

  it('numbers pages as they begin when the count is not kept, and draws the running head of each', async () => {
    const pdf = await renderPdf({ ...TEST_DOCUMENT, footer: (page) => `Page ${page.number}` }, (doc) => {
      doc.header = (top) => {
        doc.textLine(`Running head ${doc.pageNumber}`, doc.left, top, { size: 10 });
        return top + 30;
      };
      doc.newPage();
      expect(doc.y).toBe(80);
      doc.newPage();
      doc.header = null;
      doc.newPage();
      expect(doc.y).toBe(50);
    });
    const pages = pageTexts(pdf);
    expect(pages.map((p) => /Page \d+/.exec(p)?.[0])).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(pages[0]).toContain('Running head 1');
    expect(pages[1]).toContain('Running head 2');
    expect(pages[2]).not.toContain('Running head');
  });

  it('ensureSpace breaks only when the height does not fit above the bottom (or no page has begun)', async () => {
    const breaks: boolean[] = [];
    await renderPdf({ ...TEST_DOCUMENT, footerSpace: 42 }, (doc) => {
      // Content may reach 792 - 50 - 42 = 700.
      expect(doc.bottom).toBe(700);
      breaks.push(doc.ensureSpace(10));
      doc.y = 690;
      breaks.push(doc.ensureSpace(10));
      breaks.push(doc.ensureSpace(11));
      expect(doc.pageNumber).toBe(2);
      doc.y = 100;
      breaks.push(doc.ensureSpace(10, 105));
    });
    expect(breaks).toEqual([true, false, true, true]);
  });

  it('lays out landscape pages with the content width between the margins', async () => {
    await renderPdf({ ...TEST_DOCUMENT, layout: 'landscape', margin: 36 }, (doc) => {
      doc.newPage();
      expect([doc.width, doc.height, doc.contentWidth, doc.bottom]).toEqual([792, 612, 720, 576]);
      expect(doc.doc.page.width).toBe(792);
    });
  });

  it('cuts a line to its width with an ellipsis, right-aligned within it when asked', async () => {
    const pdf = await renderPdf(TEST_DOCUMENT, (doc) => {
      doc.newPage();
      doc.textLine('A name far too long to fit in the narrow space it is given', doc.left, 100, {
        size: 10,
        width: 120,
      });
      doc.textLine('Total', doc.left, 130, { size: 10, width: doc.contentWidth, align: 'right' });
    });
    const [page] = pageTexts(pdf);
    expect(page).toMatch(/A name far too\S*( \S+)*…/);
    expect(page).not.toContain('narrow');
    // Right-aligned: the word ends at the right margin, far from the left one.
    expect(page).toMatch(/ {20,}Total/);
  });
});

describe('fitLine', () => {
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.font('Helvetica').fontSize(10);

  it('keeps a text that fits, and its width', () => {
    const fitted = fitLine(doc, 'Short', 100);
    expect(fitted.text).toBe('Short');
    expect(fitted.width).toBeCloseTo(doc.widthOfString('Short'));
  });

  it('cuts to the width with an ellipsis, never leaving a space before it', () => {
    const text = 'Prior authorization expires soon';
    for (let width = 20; width < doc.widthOfString(text); width += 2) {
      const fitted = fitLine(doc, text, width);
      expect(fitted.width, `${width}`).toBeLessThanOrEqual(width);
      expect(fitted.text, `${width}`).toMatch(/^P[^…]*\S…$/);
      expect(text.startsWith(fitted.text.slice(0, -1)), `${width}`).toBe(true);
    }
  });

  it('puts line breaks and tabs on one line as spaces', () => {
    expect(fitLine(doc, 'Leave at the door.\nRing\ttwice.', 1000).text).toBe('Leave at the door. Ring twice.');
  });
});
