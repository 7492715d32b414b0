import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, validation } from './errors.ts';

/**
 * One text file sent as multipart field `file` (an X12 acknowledgement, a CMS reference file),
 * read whole into memory up to `maxBytes`. A missing, empty, binary or too-large file is a 422
 * on `file` with a plain message.
 */
export async function readTextUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; text: string }> {
  if (!request.isMultipart()) throw validation({ file: ['A file is required'] });
  let found: { fileName: string; buffer: Buffer } | null = null;
  let tooLarge = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        tooLarge = true;
        continue;
      }
      if (part.fieldname === 'file' && !found) found = { fileName: part.filename || 'upload.txt', buffer };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw validation({ file: ['Send one file at a time'] });
    if (code === 'FST_REQ_FILE_TOO_LARGE') tooLarge = true;
    else throw badRequest('Malformed multipart body.');
  }
  if (tooLarge) throw validation({ file: [`The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`] });
  if (!found || found.buffer.length === 0) throw validation({ file: ['A file is required'] });
  if (found.buffer.includes(0)) throw validation({ file: ['The file is not a text file'] });
  return { fileName: found.fileName.slice(0, 200), text: found.buffer.toString('latin1') };
}

/** Text of an uploaded file: UTF-8 when it is valid UTF-8 (without its byte-order mark), else Latin-1 (as CMS publishes). */
export function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return buffer.toString('latin1');
  }
}

export interface TextForm {
  /** The text fields, the first value of each name. */
  fields: Record<string, string>;
  /** The named text files that came, not empty. */
  files: Record<string, { fileName: string; text: string }>;
}

/**
 * A multipart form of text fields and text files (a CSV and its companion file), each file up to
 * `maxBytes`; only the file fields named in `fileFields` are kept, the first of each. A binary or
 * too-large file is a 422 on its field; a missing file is the caller's to refuse.
 */
export async function readTextForm(
  request: FastifyRequest,
  maxBytes: number,
  fileFields: readonly string[],
): Promise<TextForm> {
  const first = fileFields[0] ?? 'file';
  if (!request.isMultipart()) throw validation({ [first]: ['A file is required'] });
  const form: TextForm = { fields: {}, files: {} };
  const tooLarge = new Set<string>();
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: fileFields.length + 2 } })) {
      if (part.type !== 'file') {
        if (!(part.fieldname in form.fields) && typeof part.value === 'string')
          form.fields[part.fieldname] = part.value;
        continue;
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        tooLarge.add(part.fieldname);
        continue;
      }
      if (!fileFields.includes(part.fieldname) || part.fieldname in form.files || buffer.length === 0) continue;
      if (buffer.includes(0)) throw validation({ [part.fieldname]: ['The file is not a text file'] });
      form.files[part.fieldname] = {
        fileName: (part.filename || 'upload.csv').slice(0, 200),
        text: decodeText(buffer),
      };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw validation({ [first]: ['Send one file of each kind'] });
    if (code === 'FST_REQ_FILE_TOO_LARGE') tooLarge.add(first);
    else throw badRequest('Malformed multipart body.');
  }
  const large = [...tooLarge].filter((name) => fileFields.includes(name));
  if (large.length > 0) {
    const message = `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`;
    throw validation(Object.fromEntries(large.map((name) => [name, [message]])));
  }
  return form;
}
