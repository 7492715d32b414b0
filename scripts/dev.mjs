// Development: the API with reload on 127.0.0.1:3000 and Vite's dev server (proxying /api) on 5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@dme/server'], {
    stdio: 'inherit',
    env: { API_DOCS: 'public', ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@dme/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
