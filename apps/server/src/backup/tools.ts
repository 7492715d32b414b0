import { spawn } from 'node:child_process';

/** A command-line program the backup needs is not installed (or not on PATH). */
export class ToolMissingError extends Error {}

/**
 * Runs a program to its end and answers what it printed; a non-zero exit is an error carrying
 * the program's own message, a program not found is a ToolMissingError.
 */
export function runTool(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new ToolMissingError(`${command} was not found`) : error);
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const message = Buffer.concat(err).toString('utf8').trim() || `exit ${code ?? signal}`;
      reject(new Error(`${command} failed: ${message}`));
    });
  });
}
