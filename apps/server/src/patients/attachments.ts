import { finished } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  ATTACHMENT_TYPE_MESSAGE,
  attachmentFile,
  attachmentTooLargeMessage,
  createTextChecker,
  SNIFF_BYTES,
  type PatientAttachment,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { AppError, badRequest, notFound, validation } from '../lib/errors.ts';
import { TooLargeError, type Storage } from '../plugins/storage.ts';
import { attachmentUrl } from './children.ts';

const FOLDER = 'attachments';

interface StoredUpload {
  key: string;
  size: number;
  name: string;
  contentType: string;
}

/**
 * Hands storage a stream that always ends cleanly, remembering whether the upload itself broke
 * off (storage can then finish writing and name the file, and we remove it: a source error
 * inside storage's own pipeline can leave a file behind that nobody knows the key of). The
 * bytes already read to judge the type go first; a text file is checked to its last byte and
 * marked `refused` at the first fault (the rest is still read, so the form can go on).
 */
function shielded(
  head: Buffer,
  complete: boolean,
  rest: AsyncIterator<Buffer>,
  isText: boolean,
): { stream: Readable; broken: () => boolean; refused: () => boolean } {
  let broken = false;
  const text = isText ? createTextChecker() : null;
  // The type was judged on the first SNIFF_BYTES; a text is checked on every byte read so far.
  let refused = text !== null && !text.push(head, complete);
  async function* chunks() {
    if (head.length && !refused) yield head;
    try {
      for (;;) {
        const next = await rest.next();
        if (next.done) break;
        if (refused) continue;
        if (text && !text.push(next.value)) {
          refused = true;
          continue;
        }
        yield next.value;
      }
      if (text && !refused && !complete && !text.push(new Uint8Array(), true)) refused = true;
    } catch {
      broken = true;
    }
  }
  return { stream: Readable.from(chunks()), broken: () => broken, refused: () => refused };
}

/** Reads the first SNIFF_BYTES of a part (or all of it when shorter), keeping the stream going. */
async function readHead(source: AsyncIterator<Buffer>): Promise<{ head: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) return { head: Buffer.concat(chunks), complete: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), complete: false };
}

/** Reads and discards the rest of a part whose head was read. */
async function drainRest(source: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await source.next()).done);
  } catch {
    // A broken part is reported by the parser when the next part is asked for.
  }
}

/** Reads and discards a part nobody wants, so the rest of the form can still be read. */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => undefined);
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

/**
 * Streams the `file` part to storage and reads the `patient` field (in either order). Nothing
 * stays stored when the file is too large, of a refused type, or the form is otherwise invalid.
 */
async function readUpload(
  request: FastifyRequest,
  storage: Storage,
  maxBytes: number,
): Promise<{ upload: StoredUpload; patientField: string | undefined }> {
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
      const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const { head, complete } = await readHead(source);
      // The multipart limit cuts the stream at maxBytes: a cut file is a refused file.
      if (complete && part.file.truncated) {
        tooLarge = true;
        continue;
      }
      const type = attachmentFile(part.filename, head.subarray(0, SNIFF_BYTES), complete);
      if (!type) {
        refusedType = true;
        await drainRest(source);
        continue;
      }
      const body = shielded(head, complete, source, type.contentType.startsWith('text/'));
      const stored = await storage.put(FOLDER, body.stream, { extension: type.extension, maxBytes });
      upload = { ...stored, name: type.name, contentType: type.contentType };
      if (body.broken()) throw badRequest('Malformed multipart body.');
      if (body.refused()) refusedType = true;
      if (part.file.truncated) tooLarge = true;
    }
  } catch (err) {
    if (upload) await storage.remove(upload.key);
    if (isSizeLimitError(err)) throw validation({ file: [attachmentTooLargeMessage(maxBytes)] });
    if ((err as { code?: string })?.code === 'FST_FILES_LIMIT') throw validation({ file: ['Send one file at a time'] });
    throw isMalformedBody(err) ? badRequest('Malformed multipart body.') : err;
  }
  if (tooLarge) {
    if (upload) await storage.remove(upload.key);
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
      const patient = await trx
        .selectFrom('patients')
        .select('id')
        .where('id', '=', patientId)
        .forKeyShare()
        .executeTakeFirst();
      if (!patient) throw validation({ patient: ['Select a valid patient'] });
      const row = await trx
        .insertInto('patient_attachments')
        .values({
          patient_id: patientId,
          name: upload.name,
          storage_key: upload.key,
          content_type: upload.contentType,
          size: upload.size,
          uploaded_by: opts.actorId,
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      await audit(trx, {
        userId: opts.actorId,
        action: 'create',
        entity: 'patient_attachment',
        entityId: row.id,
        after: {
          patient_id: patientId,
          id: row.id,
          name: row.name,
          content_type: upload.contentType,
          size: upload.size,
        },
      });
      return { ...row, url: attachmentUrl(row.id) };
    });
  } catch (err) {
    await storage.remove(upload.key);
    throw err;
  }
}

export async function getAttachmentFile(db: Executor, id: number) {
  const row = await db
    .selectFrom('patient_attachments')
    .select(['id', 'patient_id', 'name', 'storage_key', 'content_type', 'size'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Deletes the row (with its audit entry); returns the storage key to remove after the commit. */
export async function deleteAttachment(db: Executor, actorId: number, id: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('patient_attachments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    await trx.deleteFrom('patient_attachments').where('id', '=', id).execute();
    await audit(trx, {
      userId: actorId,
      action: 'delete',
      entity: 'patient_attachment',
      entityId: id,
      before: {
        patient_id: row.patient_id,
        id: row.id,
        name: row.name,
        content_type: row.content_type,
        size: row.size,
      },
    });
    return row.storage_key;
  });
}

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
