import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { CLAIM_MESSAGES } from '@dme/shared';
import { AppError, validation } from '../lib/errors.ts';

const SOURCE_MAX = 200;

/** The uploaded file's name as the codes' source ("HCPC2026_JAN_ANWEB.txt"); "upload" when it has none. */
function sourceName(filename: string | undefined): string {
  const base = path.basename((filename ?? '').replace(/\\/g, '/'));
  // Control characters dropped: the name is shown in lists and written to the audit log.
  const name = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  return name.slice(0, SOURCE_MAX) || 'upload';
}

/** Reads the `file` part of a multipart form into memory (other parts are drained and ignored). */
export async function readHcpcsUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ buffer: Buffer; source: string }> {
  if (!request.isMultipart()) throw validation({ file: [CLAIM_MESSAGES.hcpcsFileRequired] });
  let upload: { buffer: Buffer; source: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file' && (buffer.length > 0 || part.filename))
        upload = { buffer, source: sourceName(part.filename) };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw validation({ file: [`The file must be at most ${Math.floor(maxBytes / (1024 * 1024))} MB`] });
    if (code === 'FST_FILES_LIMIT') throw validation({ file: ['Send only one file'] });
    throw validation({ non_field_errors: ['The form data could not be read'] });
  }
  if (!upload || upload.buffer.length === 0) throw validation({ file: [CLAIM_MESSAGES.hcpcsFileRequired] });
  return upload;
}
