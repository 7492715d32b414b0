import path from 'node:path';
import { loadConfig } from '../config.ts';
import { start } from '../lifecycle.ts';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup -- <file> [--force]` and `npm run restore -- <file> [--force]`, configured by
 * the same environment as `npm start` (DATABASE_URL, DATA_DIR). A relative file name is read from
 * the folder npm was run in, not apps/server where the script runs.
 */
const USAGE = {
  backup: 'Usage: npm run backup -- <file> [--force]   (--force replaces an existing file)',
  restore:
    'Usage: npm run restore -- <file> [--force]   (--force replaces a database or storage folder that holds data)',
};

export function parseArgs(command: 'backup' | 'restore', argv: string[]): { file: string; force: boolean } {
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0].startsWith('-')) throw new Error(USAGE[command]);
  return { file: path.resolve(process.env.INIT_CWD ?? process.cwd(), rest[0]), force };
}

const command = process.argv[2];
if (command !== 'backup' && command !== 'restore') {
  console.error(`${USAGE.backup}\n${USAGE.restore}`);
  process.exit(1);
}
start(async () => {
  const { file, force } = parseArgs(command, process.argv.slice(3));
  const config = loadConfig();
  const done = command === 'backup' ? await backup(config, file, { force }) : await restore(config, file, { force });
  console.log(done.summary);
});
