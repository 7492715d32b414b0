import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.ts';
import type { ExpirationListQuery, ExpirationRow, ExpirationRowColor } from '@dme/shared';
import { formatDisplayDate } from '@dme/shared';
import { streamListReport } from '../lib/pdf/list-report.ts';
import { expirationRows, toExpirationRow } from './expirations.ts';

/** Rows read per query: the batch print never holds more than this many expirations at once. */
export const EXPIRATIONS_PDF_CHUNK = 500;

/** The spec's download name (section 9). */
export function expirationsPdfFilename(start: string, end: string): string {
  return `expirations-${start}-${end}.pdf`;
}

const COLUMNS = [
  { title: 'Patient Name', width: 130 },
  { title: 'DOS', width: 62 },
  { title: 'Last Service Date', width: 80 },
  { title: 'Expiration Notes', width: 220 },
  { title: 'Expiration Date', width: 74 },
  { title: 'Yellow Date', width: 66 },
  { title: 'Waiver', width: 44 },
  { title: 'Status', width: 44 },
] as const;
/** Row tints matching the screen's colours, light enough to print. */
const TINTS: Record<ExpirationRowColor, string> = { green: '#e3f4e6', yellow: '#fff6d6', red: '#fbe3e1' };
const STATUS: Record<ExpirationRowColor, string> = { green: 'Solved', yellow: 'Yellow', red: 'Red' };

/** A row's cells, each on one line (notes are typed with line breaks and spacing). */
function cells(r: ExpirationRow): string[] {
  const cells = [
    `${r.patient.first_name} ${r.patient.last_name}`,
    formatDisplayDate(r.dos),
    formatDisplayDate(r.last_service?.date),
    r.note,
    formatDisplayDate(r.date),
    r.yellow ? formatDisplayDate(r.yellow_date) : '',
    r.waiver ? 'Yes' : 'No',
    STATUS[r.color],
  ];
  return cells.map((cell) => cell.replace(/\s+/g, ' ').trim());
}

/** The filtered expirations in the list's ordering, one query per chunk. */
async function* expirationChunks(db: Executor, query: ExpirationListQuery): AsyncGenerator<ExpirationRow[]> {
  const range = { start: query.start_date, end: query.end_date };
  for (let offset = 0; ; offset += EXPIRATIONS_PDF_CHUNK) {
    const rows = await expirationRows(db, query, query.ordering).limit(EXPIRATIONS_PDF_CHUNK).offset(offset).execute();
    yield rows.map((raw) => toExpirationRow(raw, range));
    if (rows.length < EXPIRATIONS_PDF_CHUNK) return;
  }
}

/**
 * GET /export_expirations: the filtered expirations (every page, in the list's ordering) as a
 * streamed PDF, tinted by colour.
 */
export function streamExpirationsPdf(
  db: Executor,
  opts: {
    query: ExpirationListQuery;
    stateName: string | null;
    business: string;
    now: Date;
    log: FastifyBaseLogger;
  },
): Readable {
  const { query } = opts;
  const heading = [
    `From ${formatDisplayDate(query.start_date)} to ${formatDisplayDate(query.end_date)}`,
    `Waiver: ${query.waiver ? 'True' : 'False'}    State: ${opts.stateName ?? 'All'}    Facility: ${query.facility}` +
      `    Hide Solved: ${query.hide_solved ? 'Yes' : 'No'}`,
  ];
  if (query.search.trim()) heading.push(`Search: ${query.search.trim()}`);
  return streamListReport({
    title: 'Expirations',
    author: opts.business || 'DME Office',
    createdAt: opts.now,
    overline: opts.business,
    heading,
    columns: COLUMNS,
    chunks: expirationChunks(db, query),
    row: (r) => ({ cells: cells(r), fill: TINTS[r.color] }),
    total: (count) => (count === 0 ? 'No expirations.' : `Total expirations: ${count}`),
    onError: (err) => opts.log.error({ err }, 'expirations batch print failed'),
  });
}
