// The baseline: a bare Fastify route answering a small JSON envelope, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, data: { ok: true } }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
