import nodemailer from 'nodemailer';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages go to files in the outbox folder rather than a real server. */
  readonly offline: boolean;
}

/** SMTP when a URL is configured; otherwise each message becomes a file in `<dataDir>/outbox`. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      offline: false,
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    offline: true,
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 });
      opts.log.info({ file: name }, 'mail written to outbox');
    },
  };
}
