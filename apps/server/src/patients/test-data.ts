import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';

/** A valid create body; pass overrides for what the test is about. */
export function patientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Rose',
    middle_name: 'A',
    last_name: 'Miller',
    address_1: '1420 Grand Ave',
    city: 'Des Moines',
    zip: '50309',
    phone: '515-555-0142',
    email: 'rose.miller@example.com',
    gender: 'Female',
    physician_name: 'Dr. Alan Brooks',
    physician_npi: '1234567893',
    state_id: 16,
    birthdate: '1948-03-12',
    ...overrides,
  };
}

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body built by hand, for `app.inject`. */
export function multipart(parts: Part[]): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----dme${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
