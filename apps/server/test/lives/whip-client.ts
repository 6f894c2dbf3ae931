import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { localStunResponder } from '../../src/modules/lives/ingest/whip-ingest';
import { FFMPEG } from './encoder';

export type WhipClient = {
  /** The POST's answer: status, body, Location. */
  status: number;
  body: string;
  location: string | null;
  /** Resolves once the peer connection is connected. */
  connected: Promise<void>;
  stop(): Promise<void>;
};

const stun = localStunResponder();

/** A browser-like WHIP offer (werift's): H.264 and Opus, send only, every candidate in it. */
export async function whipOffer(videoCodec: 'H264' | 'VP8' = 'H264'): Promise<{ pc: RTCPeerConnection; video: MediaStreamTrack; audio: MediaStreamTrack; sdp: string }> {
  const feedback = [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }];
  const pc = new RTCPeerConnection({
    bundlePolicy: 'max-bundle',
    codecs: {
      video: [
        videoCodec === 'H264'
          ? new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: feedback, parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' })
          : new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: feedback }),
      ],
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
    },
  });
  // The ingest's own local STUN responder: werift's default server is unreachable here (5 s of gathering).
  pc.config.iceServers = [{ urls: `stun:127.0.0.1:${(await stun).port}` }];
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete', 5000);
  return { pc, video, audio, sdp: pc.localDescription!.sdp };
}

/**
 * A WHIP publisher made of real parts: ffmpeg encodes a test picture (H.264, a keyframe each second)
 * and tone (Opus) to RTP on loopback, werift sends both over WebRTC to the endpoint, as a browser would.
 */
export async function startWhipClient(endpoint: string, secret: string): Promise<WhipClient> {
  const { pc, video, audio, sdp } = await whipOffer();
  const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: `Bearer ${secret}` }, body: sdp });
  const body = await response.text();
  const location = response.headers.get('location');
  let stopped = false;
  const sockets: dgram.Socket[] = [];
  let ffmpeg: ReturnType<typeof spawn> | null = null;
  const connected = pc.connectionStateChange.watch((state) => state === 'connected', 10_000).then(() => undefined);
  // Awaited only for an accepted offer; a refused one's never connects, and that is no failure.
  connected.catch(() => undefined);
  if (response.status === 201) {
    await pc.setRemoteDescription({ type: 'answer', sdp: body });
    const listen = async (track: MediaStreamTrack) => {
      const socket = dgram.createSocket('udp4');
      sockets.push(socket);
      socket.on('message', (packet) => {
        if (!stopped) track.writeRtp(packet);
      });
      await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
      return socket.address().port;
    };
    const [videoPort, audioPort] = [await listen(video), await listen(audio)];
    await connected;
    ffmpeg = spawn(
      FFMPEG,
      [
        '-hide_banner', '-loglevel', 'error', '-nostdin',
        '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30',
        '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
        '-map', '0:v', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-g', '30', '-pix_fmt', 'yuv420p', '-b:v', '800k',
        '-payload_type', '96', '-f', 'rtp', `rtp://127.0.0.1:${videoPort}?pkt_size=1200`,
        '-map', '1:a', '-c:a', 'libopus', '-b:a', '64k', '-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${audioPort}?pkt_size=1200`,
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
  }
  return {
    status: response.status,
    body,
    location,
    connected,
    async stop() {
      stopped = true;
      if (ffmpeg && ffmpeg.exitCode === null) {
        const exited = new Promise((resolve) => ffmpeg.once('close', resolve));
        ffmpeg.kill('SIGKILL');
        await exited;
      }
      for (const socket of sockets) socket.close();
      await pc.close().catch(() => undefined);
    },
  };
}
