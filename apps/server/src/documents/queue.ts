import dayjs from 'dayjs';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  dateRangeOf,
  DOCUMENT_TYPE_LABELS,
  EXPIRING_DAYS,
  formatDisplayDate,
  knownOrdering,
  type DocumentsQueueQuery,
  type DocumentsQueueRow,
  type DocumentType,
  type Page,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { holdsFor } from '../lib/holds.ts';
import { heldCondition } from '../lib/holds-sql.ts';
import { patientSearchCondition } from '../lib/search.ts';

/**
 * GET /documents_queue/: what needs a document, by patient. Two kinds of row in one list (UNION
 * ALL): documents running out within the next 30 days (by the generated `valid_through`), and
 * unshipped occurrences of the date range that are on hold (`heldCondition`, the SQL form of the
 * hold rule). One statement answers the page and its count (a window count); the page's holds are then put in words by
 * `holdsFor`, as the other queues do.
 */

type Kind = DocumentsQueueRow['kind'];

/** The patient filters of the queue, on the patients row `p` (both kinds join it). */
function patientConditions(q: DocumentsQueueQuery): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const search = patientSearchCondition(q.search, 'p');
  if (search) conditions.push(search);
  if (q.state !== undefined) conditions.push(sql<SqlBool>`p.state_id = ${q.state}`);
  if (q.facility === 'Yes') conditions.push(sql<SqlBool>`p.facility`);
  if (q.facility === 'No') conditions.push(sql<SqlBool>`NOT p.facility`);
  return conditions;
}

interface Range {
  start: string;
  end: string;
}

/** Both kinds of row, with the patient columns the ordering and the answer read. */
function queueRows(db: Executor, q: DocumentsQueueQuery, today: string, range: Range) {
  const soon = dayjs(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD');
  const conditions = patientConditions(q);
  const expiring = db
    .selectFrom('documents as d')
    .innerJoin('patients as p', 'p.id', 'd.patient_id')
    .select([
      sql<Kind>`'document'`.as('kind'),
      'd.id',
      sql<string>`d.valid_through`.as('date'),
      sql<number | null>`NULL::integer`.as('order_id'),
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'p.state_id',
    ])
    .where('d.valid_through', '>=', today)
    .where('d.valid_through', '<=', soon)
    .where((eb) => eb.and(conditions));
  const held = db
    .selectFrom('ocurrences as oc')
    .innerJoin('patients as p', 'p.id', 'oc.patient_id')
    .select([
      sql<Kind>`'ocurrence'`.as('kind'),
      'oc.id',
      sql<string>`oc.date`.as('date'),
      sql<number | null>`oc.order_id`.as('order_id'),
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'p.state_id',
    ])
    .where('oc.date', '>=', range.start)
    .where('oc.date', '<=', range.end)
    .where('oc.shipped', '=', false)
    .where(heldCondition('oc', range))
    .where((eb) => eb.and(conditions));
  return expiring.unionAll(held);
}

const BY_NAME = [sql`lower(r.last_name)`, sql`lower(r.first_name)`];
const ORDERINGS = {
  patient_name: [...BY_NAME, sql`r.date`, sql`r.kind`, sql`r.id`],
  date: [sql`r.date`, ...BY_NAME, sql`r.kind`, sql`r.id`],
};

const show = (date: string | null) => formatDisplayDate(date);

/** What a running-out document is, in words ("Prior authorization 88123 (E0193) ends 12/15/2026"). */
function documentWords(d: {
  type: DocumentType;
  date: string;
  number: string;
  hcpcs: string[];
  valid_through: string | null;
}): string {
  const codes = d.hcpcs.length > 0 ? ` (${d.hcpcs.join(', ')})` : '';
  if (d.type === 'prior_authorization') return `Prior authorization ${d.number}${codes} ends ${show(d.valid_through)}`;
  return `${DOCUMENT_TYPE_LABELS[d.type]} of ${show(d.date)}${codes} runs out ${show(d.valid_through)}`;
}

/** An occurrence's holds in one line: the first reason, and how many more there are. */
function holdWords(holds: string[]): string {
  if (holds.length === 0) return 'On hold';
  const more = holds.length > 1 ? ` and ${holds.length - 1} more` : '';
  return `On hold: ${holds[0]}${more}`;
}

export async function documentsQueue(
  db: Executor,
  q: DocumentsQueueQuery,
  today: string,
): Promise<Page<DocumentsQueueRow>> {
  const range = dateRangeOf(q.start_date, q.end_date) ?? {
    start: today,
    end: dayjs(today).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD'),
  };
  const ordering = knownOrdering(q.ordering, ORDERINGS) ?? { field: 'patient_name' as const, desc: false };
  const dir = ordering.desc ? 'desc' : 'asc';
  let page = db
    .selectFrom(queueRows(db, q, today, range).as('r'))
    .leftJoin('usa_states as st', 'st.id', 'r.state_id')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('documents as doc', (j) => j.onRef('doc.id', '=', 'r.id').on('r.kind', '=', 'document'))
    .select([
      'r.kind',
      'r.id',
      'r.date',
      'r.patient_id',
      'r.first_name',
      'r.last_name',
      'st.id as state_id',
      'st.name as state_name',
      'st.abbreviation as state_abbreviation',
      'o.id as order_id',
      'o.name as order_name',
      'doc.type as document_type',
      'doc.date as document_date',
      'doc.number',
      'doc.hcpcs',
      'doc.valid_through',
      // Counted beside the page: the held test, the costly part, runs once.
      sql<number>`(count(*) OVER ())::int`.as('total'),
    ]);
  for (const key of ORDERINGS[ordering.field]) page = page.orderBy(key, dir);
  const rows = await page
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  // A page past the end has no row to carry the count: then it is counted on its own.
  const count =
    rows[0]?.total ??
    (q.page === 1
      ? 0
      : (
          await db
            .selectFrom(queueRows(db, q, today, range).as('r'))
            .select(sql<number>`count(*)::int`.as('count'))
            .executeTakeFirstOrThrow()
        ).count);
  const holds = await holdsFor(
    db,
    rows.filter((r) => r.kind === 'ocurrence').map((r) => r.id),
  );
  const results = rows.map((r): DocumentsQueueRow => {
    const patient = {
      id: r.patient_id,
      first_name: r.first_name,
      last_name: r.last_name,
      state: r.state_id === null ? null : { id: r.state_id, name: r.state_name!, abbreviation: r.state_abbreviation! },
    };
    if (r.kind === 'document' && r.document_type !== null) {
      const document = { id: r.id, type: r.document_type, number: r.number!, hcpcs: r.hcpcs! };
      const description = documentWords({ ...document, date: r.document_date!, valid_through: r.valid_through });
      return { kind: r.kind, id: r.id, date: r.date, patient, order: null, document, description, holds: [] };
    }
    const own = holds.get(r.id)?.holds ?? [];
    const order = r.order_id === null ? null : { id: r.order_id, name: r.order_name! };
    return {
      kind: r.kind,
      id: r.id,
      date: r.date,
      patient,
      order,
      document: null,
      description: holdWords(own),
      holds: own,
    };
  });
  return { results, count, page_size: q.page_size, current: q.page };
}
