import http from 'node:http';
import pg from 'pg';
import { hashPassword } from './src/auth/passwords.ts';

const port = Number(process.env.ABPORT ?? 3997);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function req(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body ? JSON.stringify(body) : undefined;
    const r = http.request(
      { host: '127.0.0.1', port, path, method, agent, headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', ...(token ? { authorization: `JWT ${token}` } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    r.on('error', reject);
    if (data) r.write(data);
    r.end();
  });
}
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/dme_bench' });
await c.connect();
await c.query('UPDATE users SET password_hash=$1 WHERE username=$2', [await hashPassword('Bench-Pass-2026'), 'bench']);
await c.end();
const login = await req('POST', '/api/login/', { username: 'bench', password: 'Bench-Pass-2026' });
const token = JSON.parse(login.body).token ?? JSON.parse(login.body).access;
if (!token) throw new Error(login.body);
const paths = process.argv.slice(2);
for (const p of paths) {
  const times: number[] = [];
  for (let i = 0; i < 230; i++) {
    const t = performance.now();
    const r = await req('GET', p, undefined, token);
    if (r.status !== 200) throw new Error(`${p} ${r.status} ${r.body.slice(0, 200)}`);
    if (i >= 30) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const fetchTimes: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const r = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: `JWT ${token}`, 'accept-encoding': 'gzip, deflate, br' } });
    await r.arrayBuffer();
    fetchTimes.push(performance.now() - t);
  }
  fetchTimes.sort((a, b) => a - b);
  console.log(`${p}  http p50 ${times[100].toFixed(2)}  fetch p50 ${fetchTimes[50].toFixed(2)}`);
}
process.exit(0);
