import { execFileSync } from 'node:child_process';
import type { PagedDocumentOptions } from './paged-document.ts';

/** The text of each page of a PDF, as pdftotext reads it (layout kept), first page first. */
export function pageTexts(pdf: Buffer): string[] {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  return Array.from({ length: count }, (_, i) =>
    execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), '-', '-'], {
      input: pdf,
      encoding: 'utf8',
    }),
  );
}

/** A portrait document with round figures: content from y 50 to 742 (margin 50). */
export const TEST_DOCUMENT: PagedDocumentOptions = {
  title: 'Test document',
  author: 'DME Office',
  createdAt: new Date('2026-03-02T12:00:00Z'),
  margin: 50,
};
