// The baseline: a bare Fastify route returning a small JSON body, measured in the same run as the shop.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
console.log('bare server ready');
