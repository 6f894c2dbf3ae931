// The baseline: a bare Fastify route in a process of its own, answered from memory.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ count: 3 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
