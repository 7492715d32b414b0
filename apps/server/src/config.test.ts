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
});
