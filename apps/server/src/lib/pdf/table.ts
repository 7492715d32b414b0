import { HEADER_FILL, INK, type PagedDocument } from './paged-document.ts';

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** The cell may take more than one line (up to the table's `maxLines`): the row grows with it. */
  wrap?: boolean;
}

export interface TableStyle {
  fontSize: number;
  /** The height of the header row and of a one-line row. */
  rowHeight: number;
  /** How far a cell's text sits from its cell's side and top. */
  padding: { x: number; top: number };
  /** Lines a wrapping cell may take; more are cut with an ellipsis. */
  maxLines?: number;
}

export interface RowOptions {
  /** A tint behind the row. */
  fill?: string;
  /** The lowest the row may end on this page (the page's bottom unless a block must follow it). */
  bottom?: number;
}

/** Extra space between the lines of a wrapping cell. */
const LINE_GAP = 1;

/**
 * A table across the page's content width: a header row, then rows that break to a new page when
 * they no longer fit, the header row repeated at the top of each new page until `end()`. A cell
 * keeps to one line (cut with an ellipsis) unless its column wraps: then the row is as tall as its
 * wrapping cells need, and each of its cells may use that height.
 */
export class Table {
  private readonly xs: number[];
  private readonly wraps: boolean;

  constructor(
    private readonly pdf: PagedDocument,
    private readonly columns: readonly Column[],
    private readonly style: TableStyle,
  ) {
    let x = pdf.left;
    this.xs = columns.map((col) => {
      const at = x;
      x += col.width;
      return at;
    });
    this.wraps = columns.some((col) => col.wrap);
  }

  /** Draws the header row (on a new page if it does not fit) and repeats it on each new page. */
  begin(): void {
    this.pdf.ensureSpace(this.style.rowHeight);
    this.pdf.continueOnNewPages(() => this.header());
    this.header();
  }

  end(): void {
    this.pdf.continueOnNewPages(null);
  }

  row(cells: readonly string[], options: RowOptions = {}): void {
    if (this.wraps) this.wrappingRow(cells, options);
    else this.oneLineRow(cells, options);
  }

  private header(): void {
    const { pdf, style } = this;
    pdf.band(pdf.y, style.rowHeight, HEADER_FILL);
    this.columns.forEach((col, i) => this.cell(col.title, i, pdf.y, 'Helvetica-Bold'));
    pdf.y += style.rowHeight;
  }

  private cell(value: string, i: number, y: number, font: 'Helvetica' | 'Helvetica-Bold'): void {
    const col = this.columns[i];
    const { x: pad, top } = this.style.padding;
    this.pdf.textLine(value, this.xs[i] + pad, y + top, {
      font,
      size: this.style.fontSize,
      width: col.width - 2 * pad,
      align: col.align,
    });
  }

  private oneLineRow(cells: readonly string[], options: RowOptions): void {
    const { pdf, style } = this;
    this.start(style.rowHeight, options);
    this.columns.forEach((_, i) => this.cell(cells[i] ?? '', i, pdf.y, 'Helvetica'));
    this.finish(style.rowHeight);
  }

  private wrappingRow(cells: readonly string[], options: RowOptions): void {
    const { pdf, style } = this;
    const { doc } = pdf;
    doc.font('Helvetica').fontSize(style.fontSize);
    const lineHeight = doc.currentLineHeight(true) + LINE_GAP;
    const heights = this.columns.flatMap((col, i) =>
      col.wrap
        ? [doc.heightOfString(cells[i] ?? '', { width: col.width - 2 * style.padding.x, lineGap: LINE_GAP })]
        : [],
    );
    const textHeight = Math.min(Math.max(...heights, lineHeight), lineHeight * (style.maxLines ?? 1));
    const height = Math.max(style.rowHeight, textHeight + 2 * style.padding.top);
    this.start(height, options);
    doc.font('Helvetica').fontSize(style.fontSize).fillColor(INK);
    this.columns.forEach((col, i) => {
      doc.text(cells[i] ?? '', this.xs[i] + style.padding.x, pdf.y + style.padding.top, {
        width: col.width - 2 * style.padding.x,
        height: textHeight,
        align: col.align ?? 'left',
        lineGap: LINE_GAP,
        ellipsis: true,
      });
    });
    this.finish(height);
  }

  /** A new page when the row does not fit (the header row comes with it), then its tint. */
  private start(height: number, options: RowOptions): void {
    this.pdf.ensureSpace(height, options.bottom);
    if (options.fill) this.pdf.band(this.pdf.y, height, options.fill);
  }

  private finish(height: number): void {
    this.pdf.y += height;
    this.pdf.rule(this.pdf.y, 0.3);
  }
}
