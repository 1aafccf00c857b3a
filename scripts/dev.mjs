// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /shop-api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: 'apps/api', stdio: 'inherit', env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? '../../.data' } }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
