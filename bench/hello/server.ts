// Serves the built hello page (bench/hello/dist) the way Earnest's server serves the app: Fastify,
// brotli at quality 5, hashed assets cached for a year, the page itself never, and one JSON endpoint.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const port = Number(process.env['PORT'] ?? 8198);
const app = Fastify();
await app.register(compress, {
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
});
await app.register(fastifyStatic, {
  root: new URL('./dist', import.meta.url).pathname,
  setHeaders(reply, path) {
    reply.header(
      'cache-control',
      path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  },
});
app.get('/api/time', async () => ({ time: new Date().toISOString() }));
await app.listen({ port, host: '127.0.0.1' });
