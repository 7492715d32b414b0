import { sql } from 'kysely';
import type { Patient, PatientContact } from '@dme/shared';

/**
 * A patient's child lists as JSON arrays, for a query that reads the patient as `p`: one
 * sub-select each, so a screen gets them with the patient in one round trip. The fields are ids,
 * text and booleans, which JSON carries unchanged.
 */

/** The contact persons, in their order. */
export const PATIENT_CONTACTS = sql<PatientContact[]>`(SELECT coalesce(json_agg(json_build_object(
    'contact_name', c.contact_name, 'contact_number', c.contact_number, 'contact_relation', c.contact_relation)
    ORDER BY c.position, c.id), '[]'::json)
  FROM patient_contacts c WHERE c.patient_id = p.id)`;

/** The insurances, oldest first, with their coverage and payer (the vendor billed, or null). */
export const PATIENT_INSURANCES = sql<Patient['insurances']>`(SELECT coalesce(json_agg(json_build_object(
    'id', i.id, 'name', i.name, 'policy_number', i.policy_number, 'vendor_id', i.vendor_id, 'priority', i.priority,
    'group_number', i.group_number, 'relationship', i.relationship,
    'subscriber_first_name', i.subscriber_first_name, 'subscriber_last_name', i.subscriber_last_name,
    'subscriber_birthdate', i.subscriber_birthdate, 'subscriber_gender', i.subscriber_gender,
    'payer', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END)
    ORDER BY i.id), '[]'::json)
  FROM patient_insurances i LEFT JOIN vendors v ON v.id = i.vendor_id WHERE i.patient_id = p.id)`;

/** Every tag, by name, checked when the patient has it. */
export const PATIENT_TAGS = sql<Patient['tags']>`(SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'name', t.name, 'checked', pt.patient_id IS NOT NULL) ORDER BY t.name, t.id), '[]'::json)
  FROM tags t LEFT JOIN patient_tags pt ON pt.tag_id = t.id AND pt.patient_id = p.id)`;

/** The diagnoses, oldest first; `code` as stored (without the dot: the reader formats it). */
export const PATIENT_DIAGNOSES = sql<Patient['diagnosis']>`(SELECT coalesce(json_agg(json_build_object(
    'id', d.id, 'text', d.text, 'code', d.code) ORDER BY d.id), '[]'::json)
  FROM patient_diagnoses d WHERE d.patient_id = p.id)`;

/** The HCPCS entries, oldest first, each with its modifiers. */
export const PATIENT_HCPCS = sql<Patient['health']>`(SELECT coalesce(json_agg(json_build_object(
    'id', h.id, 'text', h.text, 'modifier', (SELECT coalesce(json_agg(json_build_object(
      'id', m.id, 'text', m.text, 'hcps_id', m.hcps_id) ORDER BY m.id), '[]'::json)
    FROM patient_hcps_modifiers m WHERE m.hcps_id = h.id)) ORDER BY h.id), '[]'::json)
  FROM patient_hcps h WHERE h.patient_id = p.id)`;

/** The attachments' ids and names, oldest first. */
export const PATIENT_ATTACHMENTS = sql<{ id: number; name: string }[]>`(SELECT coalesce(json_agg(json_build_object(
    'id', a.id, 'name', a.name) ORDER BY a.id), '[]'::json)
  FROM patient_attachments a WHERE a.patient_id = p.id)`;
