import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

describe('starting the server', () => {
  it('stops with a one-line message naming a bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  });

  it('will not start a separate worker on the embedded database, which opens in one process only', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid environment variable DATABASE_URL: the worker needs PostgreSQL[^\n]+$/);
  });

  it('refuses to open development mode to the network unless told to', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'development', HOST: '0.0.0.0', ALLOW_DEV_MODE_ON_NETWORK: '', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid environment variable HOST: must be a loopback address [^\n]+ALLOW_DEV_MODE_ON_NETWORK=true[^\n]*$/);
  });
});
