import type { FastifyRequest } from 'fastify';
import { badRequest, validation } from './errors.ts';

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
