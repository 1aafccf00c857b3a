import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.RECORD_LOADS_TO) appendFileSync(process.env.RECORD_LOADS_TO, `${resolved.url}\n`);
  return resolved;
}
