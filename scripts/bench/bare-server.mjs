// The baseline: a bare Fastify route returning a small JSON body, measured in the same run as the shop; and, as a
// control, one returning the product reply's own bytes (BODY_FILE), which tells the cost of the bytes from the
// cost of the shop's code.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE) : null;
if (body) app.get('/bare-same-body', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
console.log('bare server ready');
