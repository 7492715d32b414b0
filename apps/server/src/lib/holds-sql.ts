import { sql, type Expression, type SqlBool } from 'kysely';
import type { DateRange } from '@dme/shared';

/**
 * The SQL form of the shared rule `holdsOf` (packages/shared documents/rules.ts): true when the
 * occurrence `oc` is held and not released; with a `range`, `oc` must lie within it (its dates
 * bound the services read). Lists that filter or
 * count held occurrences (the Documents queue, batch prints) use it; the words come from
 * `holdsOf` for the rows shown (lib/holds.ts). holds.test.ts holds the two to the same answers.
 *
 * Per billable service with a HCPCS code, under the patient's primary payer:
 * - a Medicare payer (MB) needs a standard written order covering the code, dated on or before
 *   the date of service and good through it;
 * - a code on the payer's prior-authorization list needs an authorization from that payer
 *   covering the code and the date, with units left after what other occurrences billed under it;
 * - a product that needs a face-to-face encounter needs one within the 6 months before its order
 *   (the latest good order for the code, else the date of service).
 */
export function heldCondition(oc = 'oc', range: DateRange | null = null): Expression<SqlBool> {
  const o = sql.ref(oc);
  // With a range, each branch reads the range's occurrences and services at once (services.date
  // is their occurrence's date) and joins them; without one, the occurrence alone.
  const within = range
    ? sql`ho.date BETWEEN ${range.start} AND ${range.end} AND hs.date BETWEEN ${range.start} AND ${range.end}`
    : sql`ho.id = ${o}.id`;
  /** The occurrence `ho` and its billable coded services `hs` (product `hp`). */
  const coded = sql`ocurrences ho
    JOIN services hs ON hs.ocurrence_id = ho.id AND hs.billable
    JOIN products hp ON hp.id = hs.product_id AND hp.hcpcs_code <> ''`;
  /** The patient's primary payer `v` (coverage `pi`). */
  const primary = sql`JOIN patient_insurances pi ON pi.patient_id = ho.patient_id AND pi.priority = 1
    JOIN vendors v ON v.id = pi.vendor_id`;
  // One branch per rule, each starting from what can hold under it (the Medicare patients, the
  // payers' listed codes, the products that need an encounter): an OR of the three would test
  // every service of the range against every rule.
  return sql<SqlBool>`(${o}.id IN (
    SELECT ho.id FROM ${coded} ${primary}
    WHERE ${within} AND v.claim_filing_indicator = 'MB'
      AND NOT EXISTS (
        SELECT 1 FROM documents sw
        WHERE sw.patient_id = ho.patient_id AND sw.type = 'standard_written_order'
          AND hp.hcpcs_code = ANY (sw.hcpcs) AND sw.date <= ho.date
          AND (sw.valid_through IS NULL OR ho.date <= sw.valid_through)
      )
    UNION
    SELECT ho.id FROM ${coded} ${primary}
    WHERE ${within} AND v.prior_auth_hcpcs <> '{}' AND hp.hcpcs_code = ANY (v.prior_auth_hcpcs)
      AND NOT EXISTS (
        SELECT 1 FROM documents pa
        WHERE pa.patient_id = ho.patient_id AND pa.type = 'prior_authorization'
          AND pa.vendor_id = v.id AND hp.hcpcs_code = ANY (pa.hcpcs)
          AND pa.start_date <= ho.date AND ho.date <= pa.end_date
          AND (
            SELECT coalesce(sum(us.quantity), 0)
            FROM ocurrences uo
            JOIN services us ON us.ocurrence_id = uo.id
            JOIN products up ON up.id = us.product_id
            WHERE uo.patient_id = pa.patient_id AND uo.id <> ho.id
              AND uo.date BETWEEN pa.start_date AND pa.end_date
              AND us.shipped AND us.billable AND up.hcpcs_code = ANY (pa.hcpcs)
          ) + (
            SELECT coalesce(sum(ws.quantity), 0)
            FROM services ws JOIN products wp ON wp.id = ws.product_id
            WHERE ws.ocurrence_id = ho.id AND ws.billable AND wp.hcpcs_code = ANY (pa.hcpcs)
          ) <= pa.units
      )
    UNION
    SELECT ho.id FROM ${coded}
    WHERE ${within} AND hp.face_to_face
      AND NOT EXISTS (
        SELECT 1 FROM documents ff
        CROSS JOIN LATERAL (
          SELECT coalesce(max(sw.date), ho.date) AS order_date
          FROM documents sw
          WHERE sw.patient_id = ho.patient_id AND sw.type = 'standard_written_order'
            AND hp.hcpcs_code = ANY (sw.hcpcs) AND sw.date <= ho.date
            AND (sw.valid_through IS NULL OR ho.date <= sw.valid_through)
        ) ref
        WHERE ff.patient_id = ho.patient_id AND ff.type = 'face_to_face'
          AND ff.date <= ref.order_date AND ff.date >= (ref.order_date - interval '6 months')::date
      )
  ) AND NOT EXISTS (SELECT 1 FROM hold_releases hr WHERE hr.ocurrence_id = ${o}.id))`;
}
