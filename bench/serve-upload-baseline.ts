// The upload baseline: bare node:http writing each request body to one file (no tus, no session,
// no database), in a process of its own, so the studio's tus route is compared with the floor of
// the same machine and the same requests (LOOP_UPLOAD_CHUNK_BYTES).
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const file = path.join(process.env.DATA_DIR ?? '/tmp', 'baseline-upload.bin');
const server = createServer((request, response) => {
  const out = createWriteStream(file, { flags: 'a' });
  request.pipe(out);
  out.on('finish', () => {
    response.writeHead(204);
    response.end();
  });
});
server.listen(Number(process.env.PORT ?? 18181), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
