// The baseline: a bare Fastify route returning a small JSON body, measured in the same run as the shop; and, as
// controls, routes sending each measured read's own reply as a browser gets it (REPLIES_FILE: its headers and
// compressed bytes), which tell the cost of the reply itself from the cost of the shop's code.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
const replies = process.env.REPLIES_FILE ? JSON.parse(readFileSync(process.env.REPLIES_FILE, 'utf8')) : [];
for (const { path, file, headers } of replies) {
  const body = readFileSync(file);
  app.get(path, (_request, reply) => reply.headers(headers).send(body));
}
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
console.log('bare server ready');
