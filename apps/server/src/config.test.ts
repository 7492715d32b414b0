import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('loadConfig', () => {
  it('keeps the data folder in ./data at the repository root, wherever the process starts', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(repoRoot, 'data'));
    expect(loadConfig({ DATA_DIR: 'var/dme' }).dataDir).toBe(path.join(repoRoot, 'var/dme'));
    expect(loadConfig({ DATA_DIR: '/srv/dme' }).dataDir).toBe('/srv/dme');
  });

  it('runs the jobs in every server process unless JOBS=off, which needs a PostgreSQL server', () => {
    expect(loadConfig({}).jobs).toBe(true);
    expect(loadConfig({ JOBS: 'on' }).jobs).toBe(true);
    expect(loadConfig({ JOBS: 'off', DATABASE_URL: 'postgres://db/dme' }).jobs).toBe(false);
    expect(() => loadConfig({ JOBS: 'off' })).toThrow(/JOBS: off needs a PostgreSQL server \(DATABASE_URL\)/);
    expect(() => loadConfig({ JOBS: 'off', DATABASE_URL: '' })).toThrow(/JOBS: off needs/);
    expect(() => loadConfig({ JOBS: 'maybe' })).toThrow(/JOBS: on \(this process also runs background jobs\) or off/);
  });
});
