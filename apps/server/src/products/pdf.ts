import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { INVENTORY_UNIT_COLUMNS, inventoryUnitCells } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { streamListReport } from '../lib/pdf/list-report.ts';
import { productsMatching, unitQuantitiesOf } from './queries.ts';

/** Rows fetched per query: the report never holds more than this many products at once. */
export const INVENTORY_CHUNK = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/** "InventoryReport-YYYY-MM-DD HH-mm.pdf", the download name the spec's screen uses. */
export function inventoryReportFilename(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `InventoryReport-${date} ${pad(now.getHours())}-${pad(now.getMinutes())}.pdf`;
}

interface Cursor {
  key: string;
  id: number;
}

interface ChunkRow {
  id: number;
  name: string;
  internal_code: string;
  quantity: number;
  sort_key: string;
}

interface InventoryRow {
  id: number;
  name: string;
  internal_code: string;
  quantity: number;
  cells: ReturnType<typeof inventoryUnitCells>;
}

/**
 * The products of the report in name order, one chunk per query: keyset paging on
 * (lower(name), id), which the products_name_idx index serves without an offset scan.
 */
export async function* inventoryChunks(
  db: Executor,
  search: string,
  chunkSize = INVENTORY_CHUNK,
): AsyncGenerator<InventoryRow[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const after = cursor;
    const rows: ChunkRow[] = await productsMatching(db, search)
      .select((eb) => [
        'p.id',
        'p.name',
        'p.internal_code',
        'p.quantity',
        eb.fn<string>('lower', ['p.name']).as('sort_key'),
      ])
      .$if(after !== null, (qb) => qb.where(sql<boolean>`(lower(p.name), p.id) > (${after!.key}, ${after!.id})`))
      .orderBy((eb) => eb.fn('lower', ['p.name']))
      .orderBy('p.id')
      .limit(chunkSize)
      .execute();
    if (rows.length === 0) return;
    const units = await unitQuantitiesOf(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => ({
      id: r.id,
      name: r.name,
      internal_code: r.internal_code,
      quantity: r.quantity,
      cells: inventoryUnitCells(units.get(r.id) ?? []),
    }));
    if (rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    cursor = { key: last.sort_key, id: last.id };
  }
}

const COLUMNS = [
  { title: 'Reference Number', width: 130 },
  { title: 'Name', width: 230 },
  ...INVENTORY_UNIT_COLUMNS.map((unit) => ({ title: unit, width: 44, align: 'right' as const })),
  { title: 'Quantity on Hand', width: 96, align: 'right' as const },
];

const dateTime = (now: Date) =>
  `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;

/** The inventory report (products in name order, their stock by unit measure) as a streamed PDF. */
export function streamInventoryReport(
  db: Executor,
  opts: { search: string; now: Date; log: FastifyBaseLogger },
): Readable {
  const heading = [`Date: ${dateTime(opts.now)}`];
  if (opts.search.trim()) heading.push(`Search: ${opts.search.trim()}`);
  return streamListReport({
    title: 'Inventory Report',
    author: 'DME Office',
    createdAt: opts.now,
    heading,
    columns: COLUMNS,
    chunks: inventoryChunks(db, opts.search),
    row: (r) => ({
      cells: [
        r.internal_code,
        r.name,
        ...INVENTORY_UNIT_COLUMNS.map((u) => (r.cells[u] === null ? '' : String(r.cells[u]))),
        String(r.quantity),
      ],
    }),
    total: (count) => (count === 0 ? 'No products.' : `Total products: ${count}`),
    onError: (err) => opts.log.error({ err }, 'inventory report failed'),
  });
}
