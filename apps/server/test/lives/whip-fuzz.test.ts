import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamState } from '@studio/contract/live';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { newKeyAndLive as keyAndLive } from './stream-keys';
import { eventually } from './encoder';
import { startWhipClient, whipOffer, type WhipClient } from './whip-client';

/**
 * The WebRTC side of the WHIP ingest is a port anyone can reach once a session exists: werift's UDP
 * sockets take ICE (STUN), DTLS, SRTP and SRTCP on one port. Nothing sent there may end the process.
 * Garbage of every kind the demultiplexer tells apart (RFC 7983: first byte 0–3 STUN, 20–63 DTLS,
 * 128–191 RTP/RTCP, anything else) is thrown at a session still checking ICE and at one receiving
 * media; the server must go on answering, and the receiving session must go on receiving.
 */

let t: TestContext;
let dataDir: string;
let channelId: number;
let owner: string;
let httpBase: string;
const clients: WhipClient[] = [];
const sockets: dgram.Socket[] = [];

const base = () => `/api/channels/${channelId}/lives`;
const PUBLIC_ADDRESS = '198.51.100.7';
const PORTS = [45_000, 45_099] as const;

const newKeyAndLive = (title: string) => keyAndLive(t.app, channelId, owner, title);

/** The UDP ports of the server's IPv4 candidates (its sockets listen on every address; reached here on loopback). */
function candidatePorts(answer: string): number[] {
  const ports = [...answer.matchAll(/^a=candidate:\S+ \d+ udp \d+ (\d+\.\d+\.\d+\.\d+) (\d+) typ/gim)].map((match) => Number(match[2]));
  return [...new Set(ports)];
}

/** One packet of each kind, with its lengths and fields wrong in every way a quick generator finds. */
function hostilePackets(count: number): Buffer[] {
  const packets: Buffer[] = [];
  const withFirst = (first: number, length: number) => {
    const packet = randomBytes(length);
    packet[0] = first;
    return packet;
  };
  for (let i = 0; i < count; i++) {
    const length = [0, 1, 2, 3, 4, 12, 13, 20, 21, 28, 60, 200, 1200, 1500][i % 14]!;
    packets.push(randomBytes(length));
    // STUN: a message type, a length, the magic cookie, then attributes whose lengths lie.
    const stun = randomBytes(Math.max(20, length));
    stun.writeUInt16BE([0x0001, 0x0101, 0x0111, 0x0011][i % 4]!, 0);
    stun.writeUInt16BE(i % 3 === 0 ? 0xfffc : (stun.length - 20) & 0xfffc, 2);
    stun.writeUInt32BE(0x2112a442, 4);
    if (stun.length >= 24) stun.writeUInt16BE([0x0006, 0x0008, 0x8028, 0x0024, 0x8029, 0x0020][i % 6]!, 20);
    packets.push(stun);
    // DTLS: handshake, alert, change cipher spec and application data records with random bodies.
    packets.push(withFirst([22, 21, 20, 23, 25, 63][i % 6]!, Math.max(1, length)));
    const dtls = randomBytes(Math.max(13, length));
    dtls[0] = 22;
    dtls.writeUInt16BE(0xfefd, 1);
    dtls.writeUInt16BE(i % 2 === 0 ? 0xffff : dtls.length - 13, 11);
    packets.push(dtls);
    // RTP and RTCP (version 2), short and long, with the payload types of the session and others.
    const rtp = withFirst(0x80 | (i % 16), Math.max(2, length));
    rtp[1] = [96, 111, 200, 201, 202, 203, 205, 206, 0x80 | 96][i % 9]!;
    packets.push(rtp);
  }
  return packets;
}

async function throwAt(ports: number[], packets: Buffer[]): Promise<void> {
  const socket = dgram.createSocket('udp4');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  for (const port of ports) {
    for (const packet of packets) {
      await new Promise<void>((resolve) => socket.send(packet, port, '127.0.0.1', () => resolve()));
    }
  }
}

const healthy = async () => (await fetch(`${httpBase}/healthz`)).status === 200;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'whip-fuzz-'));
  t = await createTestApp({
    // A deployment behind a 1:1 NAT with a firewall open to a range of UDP ports (TEST-NET-2's address: never routed).
    env: { RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', DATA_DIR: dataDir, FFMPEG_PATH: '/usr/bin/ffmpeg', WHIP_PUBLIC_ADDRESSES: PUBLIC_ADDRESS, WHIP_UDP_PORTS: `${PORTS[0]}-${PORTS[1]}` },
  });
  httpBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(clients.map((client) => client.stop()));
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('WHIP session ports under hostile UDP', () => {
  it('announces the configured public address on the configured ports, and survives garbage at a session still checking ICE', async () => {
    const { key } = await newKeyAndLive('fuzz-ice');
    // An offer nobody follows up: the server's candidates wait for connectivity checks that never come.
    const { pc, sdp } = await whipOffer();
    const answer = await fetch(`${httpBase}/ingest/whip`, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: `Bearer ${key.streamKey}` }, body: sdp });
    expect(answer.status).toBe(201);
    const text = await answer.text();
    const ports = candidatePorts(text);
    expect(ports.length, text).toBeGreaterThan(0);
    // WHIP_PUBLIC_ADDRESSES is announced, and every port is in WHIP_UDP_PORTS.
    expect(text).toMatch(new RegExp(`^a=candidate:\\S+ \\d+ udp \\d+ ${PUBLIC_ADDRESS.replaceAll('.', '\\.')} \\d+ typ host`, 'm'));
    for (const port of ports) expect(port >= PORTS[0] && port <= PORTS[1], `port ${port}`).toBe(true);
    await pc.close();
    await throwAt(ports, hostilePackets(300));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await healthy()).toBe(true);
  }, 60_000);

  it('survives garbage at a session receiving media, which goes on receiving', async () => {
    const { key, liveId } = await newKeyAndLive('fuzz-media');
    const client = await startWhipClient(`${httpBase}/ingest/whip`, key.streamKey);
    clients.push(client);
    expect(client.status, client.body).toBe(201);
    const state = async () => (await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>();
    await eventually(async () => (await state()).reception === 'RECEIVING', 10_000, 'receiving');
    const ports = candidatePorts(client.body);
    expect(ports.length, client.body).toBeGreaterThan(0);
    await throwAt(ports, hostilePackets(300));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await healthy()).toBe(true);
    expect((await state()).reception).toBe('RECEIVING');
  }, 60_000);
});
