import path from 'node:path';
import { finished as finishedPromise } from 'node:stream/promises';
import { finished, PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ATTACHMENT_TYPE_MESSAGE, attachmentTooLargeMessage, attachmentType, type PatientAttachment } from '@dme/shared';
import type { Database } from '../db/types.ts';
import { audit } from '../lib/audit.ts';
import { AppError, badRequest, notFound, validation } from '../lib/errors.ts';
import { TooLargeError, type Storage } from '../plugins/storage.ts';
import { attachmentUrl } from './children.ts';

type Executor = Kysely<Database>;

const FOLDER = 'attachments';

interface StoredUpload {
  key: string;
  size: number;
  name: string;
  contentType: string;
}

/**
 * Hands storage a stream that always ends cleanly, remembering whether the upload itself broke
 * off. Storage can then finish writing and name the file, and we remove it: a source error
 * inside storage's own pipeline can leave a file behind that nobody knows the key of.
 */
function shielded(source: Readable): { stream: Readable; broken: () => boolean } {
  let broken = false;
  const out = new PassThrough();
  // finished() also reports a part that broke before we got it (its events are already past).
  finished(source, (err) => {
    if (!err && source.readableEnded) return;
    broken = true;
    out.end();
  });
  source.pipe(out);
  return { stream: out, broken: () => broken };
}

/** Reads and discards a part nobody wants, so the rest of the form can still be read. */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finishedPromise(stream).catch(() => undefined);
}

function isSizeLimitError(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return err instanceof TooLargeError || code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * The multipart parser reports a broken body with plain errors; the app's own errors carry a
 * status and the file system's a syscall (those stay server errors).
 */
function isMalformedBody(err: unknown): boolean {
  if (err instanceof AppError) return false;
  const e = err as { statusCode?: number; syscall?: string };
  return e?.statusCode === undefined && e?.syscall === undefined;
}

/** A display name: the base name of what the browser sent, without control characters. */
function displayName(filename: string | undefined, extension: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename((filename ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || `attachment.${extension}`).slice(0, 255);
}

/**
 * Streams the `file` part to storage and reads the `patient` field (in either order). Nothing
 * stays stored when the file is too large, of a refused type, or the form is otherwise invalid.
 */
async function readUpload(request: FastifyRequest, storage: Storage, maxBytes: number): Promise<{ upload: StoredUpload; patientField: string | undefined }> {
  if (!request.isMultipart()) throw validation({ file: ['A file is required'] });
  let upload: StoredUpload | null = null;
  let tooLarge = false;
  let refusedType = false;
  let patientField: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'patient') patientField = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || upload || refusedType) {
        await drain(part.file);
        continue;
      }
      const type = attachmentType(part.filename ?? '', part.mimetype);
      if (!type) {
        refusedType = true;
        await drain(part.file);
        continue;
      }
      const source = shielded(part.file);
      const stored = await storage.put(FOLDER, source.stream, { extension: type.extension, maxBytes });
      upload = { ...stored, name: displayName(part.filename, type.extension), contentType: type.contentType };
      if (source.broken()) throw badRequest('Malformed multipart body.');
      // The multipart limit cuts the stream at maxBytes: a cut file is a refused file.
      if (part.file.truncated) tooLarge = true;
    }
  } catch (err) {
    if (upload) await storage.remove(upload.key);
    if (isSizeLimitError(err)) throw validation({ file: [attachmentTooLargeMessage(maxBytes)] });
    if ((err as { code?: string })?.code === 'FST_FILES_LIMIT') throw validation({ file: ['Send one file at a time'] });
    throw isMalformedBody(err) ? badRequest('Malformed multipart body.') : err;
  }
  if (tooLarge && upload) {
    await storage.remove(upload.key);
    throw validation({ file: [attachmentTooLargeMessage(maxBytes)] });
  }
  if (refusedType) {
    if (upload) await storage.remove(upload.key);
    throw validation({ file: [ATTACHMENT_TYPE_MESSAGE] });
  }
  if (!upload) throw validation({ file: ['A file is required'] });
  return { upload, patientField };
}

export async function createAttachment(
  db: Executor,
  storage: Storage,
  request: FastifyRequest,
  opts: { actorId: number; maxBytes: number },
): Promise<PatientAttachment> {
  const { upload, patientField } = await readUpload(request, storage, opts.maxBytes);
  try {
    const patientId = Number(patientField);
    if (!patientField || !Number.isInteger(patientId) || patientId <= 0 || patientId > 2147483647) {
      throw validation({ patient: ['Select a valid patient'] });
    }
    return await db.transaction().execute(async (trx) => {
      const patient = await trx.selectFrom('patients').select('id').where('id', '=', patientId).forKeyShare().executeTakeFirst();
      if (!patient) throw validation({ patient: ['Select a valid patient'] });
      const row = await trx
        .insertInto('patient_attachments')
        .values({ patient_id: patientId, name: upload.name, storage_key: upload.key, content_type: upload.contentType, size: upload.size, uploaded_by: opts.actorId })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      await audit(trx, {
        userId: opts.actorId, action: 'create', entity: 'patient_attachment', entityId: row.id,
        after: { patient_id: patientId, id: row.id, name: row.name, content_type: upload.contentType, size: upload.size },
      });
      return { ...row, url: attachmentUrl(row.id) };
    });
  } catch (err) {
    await storage.remove(upload.key);
    throw err;
  }
}

export async function getAttachmentFile(db: Executor, id: number) {
  const row = await db.selectFrom('patient_attachments').select(['id', 'name', 'storage_key', 'content_type', 'size']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Deletes the row (with its audit entry); returns the storage key to remove after the commit. */
export async function deleteAttachment(db: Executor, actorId: number, id: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('patient_attachments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    await trx.deleteFrom('patient_attachments').where('id', '=', id).execute();
    await audit(trx, {
      userId: actorId, action: 'delete', entity: 'patient_attachment', entityId: id,
      before: { patient_id: row.patient_id, id: row.id, name: row.name, content_type: row.content_type, size: row.size },
    });
    return row.storage_key;
  });
}

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
