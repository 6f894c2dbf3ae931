import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInternalListener } from './ingest-node';
import { StreamHub } from './stream-hub';

const SECRET = 'unit-internal-secret-0123456789abcdef';
let listener: Awaited<ReturnType<typeof startInternalListener>>;
let base: string;
const offAir: number[] = [];
const hub = new StreamHub();
let kicked = 0;

beforeAll(async () => {
  hub.publish(7, () => void kicked++);
  listener = await startInternalListener({
    host: '127.0.0.1',
    port: 0,
    secret: SECRET,
    hub,
    commands: { onAir: () => Promise.resolve(), offAir: (liveId) => Promise.resolve(void offAir.push(liveId)) },
    log: { warn: () => undefined },
  });
  base = `http://127.0.0.1:${listener.port}`;
});

afterAll(async () => {
  await listener.close();
});

describe("an ingest node's internal listener (decision 050)", () => {
  it('answers nothing without the shared secret', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${SECRET}x`, SECRET]) {
      const response = await fetch(`${base}/streams/7/kick`, { method: 'POST', headers: authorization ? { authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
    }
    expect(kicked).toBe(0);
  });

  it('with it: ends a publisher, reads figures, ends a recording; 404 for what it does not hold or know', async () => {
    const auth = { authorization: `Bearer ${SECRET}` };
    expect((await fetch(`${base}/streams/7/figures`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${base}/streams/8/figures`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/streams/8/preview.flv`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/streams/7/nothing`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/lives/5/off-air`, { method: 'POST', headers: auth })).status).toBe(204);
    expect(offAir).toEqual([5]);
    expect((await fetch(`${base}/streams/7/kick`, { method: 'POST', headers: auth })).status).toBe(204);
    expect(kicked).toBe(1);
  });
});
