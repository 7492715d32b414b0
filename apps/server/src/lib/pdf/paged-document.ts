import PDFDocument from 'pdfkit';
import { fitLine, memoizeFontMetrics, type FontName } from './fonts.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** One palette for every document: black text, grey labels and rules, a light header band. */
export const INK = '#000000';
export const MUTED = '#5f6368';
export const RULE = '#c0c4cc';
export const HEADER_FILL = '#e8eaf0';

export interface TextStyle {
  font?: FontName;
  size: number;
  color?: string;
}

export interface PageNumber {
  number: number;
  /** The document's page count, known only to documents made with `countPages`. */
  count?: number;
}

export interface PagedDocumentOptions {
  title: string;
  author: string;
  createdAt: Date;
  /** US Letter, portrait unless said otherwise. */
  layout?: 'portrait' | 'landscape';
  margin: number;
  /** Room kept free above the bottom margin: content breaks to a new page before it. */
  footerSpace?: number;
  /** The footer line of each page, right-aligned in the bottom margin. */
  footer?: (page: PageNumber) => string;
  /**
   * Pages are held until the end so each footer can give the page count ("Page 2 of 3"). Only for
   * documents of a few pages: a streamed document writes each page out as the next one starts.
   */
  countPages?: boolean;
}

/** Where the document's bytes go: a buffer, or a stream that can make the writer wait. */
export interface PdfOutput {
  write(chunk: Buffer): void;
  end(): void;
  /** Resolves once the output can take more (at once for a buffer). */
  drain(): Promise<void>;
  /** The reader has gone away: nothing more needs writing. */
  readonly closed: boolean;
}

/** A pdfkit page once written: only its dictionary's object number is still read (the page tree). */
interface WrittenPage {
  dictionary: { data: Record<string, unknown> };
}

/**
 * A pdfkit document laid out page by page: the page geometry, the running head and footer of
 * each page, page breaks (`ensureSpace`), one-line text and rules, and the output it writes to.
 * `y` is where the next content goes on the current page; drawing code moves it down.
 */
export class PagedDocument {
  readonly doc: Doc;
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  /** The lowest y content may reach on a page (the footer space and bottom margin are below). */
  readonly bottom: number;
  y = 0;
  /**
   * Draws the running head of each new page from `top`, answering the y below it. Documents
   * whose head depends on what is being written (a ticket's number) set it as they go.
   */
  header: ((top: number) => number) | null = null;
  private continuation: (() => void) | null = null;
  private pages = 0;

  constructor(
    private readonly options: PagedDocumentOptions,
    private readonly output: PdfOutput,
  ) {
    this.doc = new PDFDocument({
      size: 'LETTER',
      layout: options.layout ?? 'portrait',
      margin: options.margin,
      autoFirstPage: false,
      bufferPages: options.countPages === true,
      info: { Title: options.title, Author: options.author, CreationDate: options.createdAt },
    });
    const landscape = options.layout === 'landscape';
    this.width = landscape ? 792 : 612;
    this.height = landscape ? 612 : 792;
    this.left = options.margin;
    this.right = this.width - options.margin;
    this.top = options.margin;
    this.bottom = this.height - options.margin - (options.footerSpace ?? 0);
    this.doc.on('data', (chunk: Buffer) => output.write(chunk));
    this.doc.on('end', () => output.end());
    memoizeFontMetrics(this.doc);
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  /** Pages begun so far (the current page's number). */
  get pageNumber(): number {
    return this.pages;
  }

  get closed(): boolean {
    return this.output.closed;
  }

  /**
   * Starts a page: its footer (when streamed), its running head, and whatever continues onto it
   * (a table's header row).
   */
  newPage(): void {
    const previous = (this.doc as unknown as { page?: WrittenPage }).page;
    this.doc.addPage();
    // addPage has written the previous page out; pdfkit still keeps its dictionary (with its
    // resources and content objects, about 4 kB) until the document ends, though the page tree
    // needs only its object number. Dropping that keeps a long document's memory flat.
    if (previous && !this.options.countPages) previous.dictionary.data = {};
    this.pages += 1;
    if (this.options.footer && !this.options.countPages) this.drawFooter({ number: this.pages });
    this.y = this.header ? this.header(this.top) : this.top;
    this.continuation?.();
  }

  /**
   * Makes room for `height` points above `bottom` (the page's bottom unless a block must end
   * higher): a new page when they do not fit, or when no page has begun. Answers whether it broke.
   */
  ensureSpace(height: number, bottom = this.bottom): boolean {
    if (this.pages > 0 && this.y + height <= bottom) return false;
    this.newPage();
    return true;
  }

  /** Drawn at the top of every page begun until it is cleared (a table's header row). */
  continueOnNewPages(draw: (() => void) | null): void {
    this.continuation = draw;
  }

  /**
   * One line of text at (x, y). With a width it is cut to it with an ellipsis, and may be
   * right-aligned within it.
   */
  textLine(value: string, x: number, y: number, style: TextStyle & { width?: number; align?: 'left' | 'right' }): void {
    if (!value) return;
    const { doc } = this;
    doc
      .font(style.font ?? 'Helvetica')
      .fontSize(style.size)
      .fillColor(style.color ?? INK);
    if (style.width === undefined) {
      doc.text(value, x, y, { lineBreak: false });
      return;
    }
    const { text, width } = fitLine(doc, value, style.width);
    doc.text(text, style.align === 'right' ? x + style.width - width : x, y, { lineBreak: false });
  }

  /** A horizontal rule across the content width. */
  rule(y: number, weight = 0.5, color = RULE): void {
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(weight).strokeColor(color).stroke();
  }

  /** A band across the content width (a header row, a tinted row). */
  band(y: number, height: number, color: string): void {
    this.doc.rect(this.left, y, this.contentWidth, height).fill(color);
    this.doc.fillColor(INK);
  }

  /** Writes what is buffered, hands the event loop back, and waits while the reader is behind. */
  drain(): Promise<void> {
    return this.output.drain();
  }

  /** Finishes the document (the footers of a counted document first). */
  end(): void {
    if (this.options.footer && this.options.countPages) {
      const range = this.doc.bufferedPageRange();
      for (let i = 0; i < range.count; i++) {
        this.doc.switchToPage(range.start + i);
        this.drawFooter({ number: i + 1, count: range.count });
      }
    }
    this.doc.end();
  }

  private drawFooter(page: PageNumber): void {
    const text = this.options.footer?.(page);
    if (!text) return;
    const y = this.height - this.options.margin + 8;
    this.textLine(text, this.left, y, { size: 8, color: MUTED, width: this.contentWidth, align: 'right' });
  }
}
