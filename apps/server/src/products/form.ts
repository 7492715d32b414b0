import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { detectImageType, PRODUCT_MESSAGES, productCreateSchema, productUpdateSchema } from '@dme/shared';
import { AppError, validation, type FieldErrors } from '../lib/errors.ts';
import type { PhotoUpload } from './product-writes.ts';

const M = PRODUCT_MESSAGES;
const SINGLE_FIELDS = [
  'name',
  'description',
  'internal_code',
  'quantity',
  'cost_price',
  'hcpcs_code',
  'payment_category',
  'face_to_face',
] as const;

/** Every value sent under each field name; repeated fields ("categories") keep all of theirs. */
type RawFields = Map<string, unknown[]>;

interface RawForm {
  fields: RawFields;
  photo: { buffer: Buffer } | null;
}

export interface ProductForm<T> {
  body: T;
  photo: PhotoUpload | null;
  /** The client sent `photo` empty (or null): the stored photo is to be removed. */
  removePhoto: boolean;
}

function zodFieldErrors(issues: z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) (out[issue.path.map(String).join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return out;
}

/** Field names may come as `categories[]` (the bracket style of some form libraries). */
const fieldName = (name: string) => name.replace(/\[\]$/, '');

async function readMultipart(request: FastifyRequest, maxPhotoBytes: number): Promise<RawForm> {
  const fields: RawFields = new Map();
  let photo: RawForm['photo'] = null;
  let tooLarge = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxPhotoBytes } })) {
      if (part.type === 'file') {
        // Every file part is read to its end (so the parts after it still arrive); only
        // `photo` is kept. Past the limit the part is drained and the size refused.
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          tooLarge = true;
          continue;
        }
        if (part.fieldname !== 'photo' || (buffer.length === 0 && !part.filename)) continue;
        photo = { buffer };
      } else {
        const name = fieldName(part.fieldname);
        fields.set(name, [...(fields.get(name) ?? []), part.value]);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validation({ photo: [M.photoTooLarge] });
    if (code === 'FST_FILES_LIMIT') throw validation({ photo: [M.photoSingle] });
    throw validation({ non_field_errors: ['The form data could not be read'] });
  }
  // The parser also reports the size at the end; this covers a limit it did not report.
  if (tooLarge) throw validation({ photo: [M.photoTooLarge] });
  return { fields, photo };
}

function readJson(body: unknown): RawForm {
  if (body === undefined || body === null) return { fields: new Map(), photo: null };
  if (typeof body !== 'object' || Array.isArray(body))
    throw validation({ non_field_errors: ['Expected a JSON object'] });
  const fields: RawFields = new Map();
  for (const [key, value] of Object.entries(body)) {
    const name = fieldName(key);
    // Lists other than variants arrive as repeated values in a form; mirror that here.
    fields.set(name, Array.isArray(value) && name !== 'variants' ? value : [value]);
  }
  return { fields, photo: null };
}

/** A type sent as its id, or as the `{id, name}` object the product answers with. */
function typeId(value: unknown): unknown {
  return value !== null && typeof value === 'object' && 'id' in value ? value.id : value;
}

function categoryIds(values: unknown[]): unknown[] {
  return values.flatMap((v) => {
    if (typeof v !== 'string') return [v];
    const text = v.trim();
    if (text === '') return [];
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return [text];
      }
    }
    return text.split(',').map((s) => s.trim());
  });
}

/**
 * Modifiers as the form sends them ("RR,KH", or one field per modifier) or as a JSON list (read
 * like repeated fields); null or nothing is none.
 */
function modifierValues(values: unknown[]): unknown {
  const sent = values.filter((v) => v !== null && v !== undefined);
  if (sent.length === 0) return null;
  return sent.length === 1 && typeof sent[0] === 'string' ? sent[0] : sent;
}

/** Turns the raw fields into the object the shared product schema validates. */
function formData(fields: RawFields, errors: FieldErrors): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of SINGLE_FIELDS) if (fields.has(key)) data[key] = fields.get(key)![0];
  if (fields.has('type_id')) data.type_id = typeId(fields.get('type_id')![0]);
  else if (fields.has('type')) data.type_id = typeId(fields.get('type')![0]);
  if (fields.has('categories')) data.categories = categoryIds(fields.get('categories')!);
  if (fields.has('modifiers')) data.modifiers = modifierValues(fields.get('modifiers')!);
  if (fields.has('variants')) {
    const raw = fields.get('variants')![0];
    if (typeof raw === 'string') {
      try {
        data.variants = raw.trim() === '' ? [] : (JSON.parse(raw) as unknown);
      } catch {
        errors.variants = [M.variantsJson];
      }
    } else {
      data.variants = raw;
    }
  }
  return data;
}

function photoUpload(raw: RawForm['photo'], errors: FieldErrors): PhotoUpload | null {
  if (!raw) return null;
  const contentType = detectImageType(raw.buffer);
  if (!contentType) {
    errors.photo = [M.photoImage];
    return null;
  }
  return { buffer: raw.buffer, contentType };
}

async function readProductForm<S extends typeof productCreateSchema | typeof productUpdateSchema>(
  request: FastifyRequest,
  schema: S,
  maxPhotoBytes: number,
): Promise<ProductForm<z.output<S>>> {
  const raw = request.isMultipart() ? await readMultipart(request, maxPhotoBytes) : readJson(request.body);
  const errors: FieldErrors = {};
  const data = formData(raw.fields, errors);
  const photo = photoUpload(raw.photo, errors);
  const parsed = schema.safeParse(data);
  if (!parsed.success) Object.assign(errors, { ...zodFieldErrors(parsed.error.issues), ...errors });
  if (Object.keys(errors).length || !parsed.success) throw validation(errors);
  const photoField = raw.fields.get('photo')?.[0];
  const removePhoto =
    raw.photo === null &&
    raw.fields.has('photo') &&
    (photoField === '' || photoField === null || photoField === 'null');
  return { body: parsed.data as z.output<S>, photo, removePhoto };
}

/** The create form: multipart (the spec) or JSON; photo checked by its bytes and size. */
export const readCreateForm = (request: FastifyRequest, maxPhotoBytes: number) =>
  readProductForm(request, productCreateSchema, maxPhotoBytes);

/** The edit form: the same fields, each optional. */
export const readUpdateForm = (request: FastifyRequest, maxPhotoBytes: number) =>
  readProductForm(request, productUpdateSchema, maxPhotoBytes);
