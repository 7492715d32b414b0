// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server as this process's only child, passing SIGINT and SIGTERM on (as systemd, Docker or a
// process manager send them to the npm process alone) and ending with the server's exit code.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');
// Beside the build, not in it: everything in dist is served.
const stampFile = path.join(root, 'apps/web/.dist-source-hash');
// What the web build reads: its own sources and configuration, and the shared package.
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

function sourceHash() {
  const hash = crypto.createHash('sha256');
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

// WEB_DIST names a build made elsewhere (the server serves that folder as it is).
const hash = process.env.WEB_DIST ? null : sourceHash();
const built =
  fs.existsSync(path.join(webDist, 'index.html')) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === hash;
if (hash && !built) {
  console.log('Building the web app (its sources changed since the last build)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@dme/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stampFile, hash);
}

const server = spawn(
  process.execPath,
  ['--max-semi-space-size=4', '--heap-growing-percent=50', '--import', 'tsx', 'src/server.ts'],
  { cwd: path.join(root, 'apps/server'), stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
