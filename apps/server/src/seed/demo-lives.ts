import type { Transaction } from 'kysely';
import { MAX_IMAGE_BYTES } from '../media/upload';
import type { MediaStore } from '../media/media-store';
import type { Database } from '../db/schema';
import { THUMBNAIL_SIZE, writeLayerCrop } from '../modules/lives/thumbnails';
import { createLive, createStreamKey } from './factories';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const COLOURS = ['#1f4e79', '#7a2e39', '#2e6b3f', '#5b3f8c', '#8a5a12', '#225c66', '#6b2255', '#3d4f1f'];

/** A 16:9 picture with the live's title on it, as a creator's thumbnail would be. */
async function thumbnailFor(media: MediaStore, title: string, colour: string): Promise<string> {
  const { default: sharp } = await import('sharp');
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <rect width="1280" height="720" fill="${colour}"/>
    <circle cx="1080" cy="140" r="220" fill="#ffffff" fill-opacity="0.08"/>
    <text x="80" y="600" font-family="Noto Sans CJK KR, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escape(title)}</text>
    <text x="80" y="140" font-family="Noto Sans CJK KR, sans-serif" font-size="40" fill="#ffffff" fill-opacity="0.8">Studio Daily LIVE</text>
  </svg>`;
  const saved = await media.saveImage(await sharp(Buffer.from(svg)).png().toBuffer(), {
    kind: 'thumbnails',
    maxBytes: MAX_IMAGE_BYTES,
    resize: { ...THUMBNAIL_SIZE, fit: 'inside' },
  });
  await writeLayerCrop(media, saved);
  return saved.url;
}

/**
 * Studio Daily's broadcasts (the demo world, docs/ARCHITECTURE.md section 8): two stream keys and ended
 * lives with thumbnails, so step 2 of the creation layer has something to show.
 * Without a media store (tests of the seed alone) the lives have no thumbnails.
 */
export async function seedDemoLives(trx: Transaction<Database>, channelId: number, now: Date, media: MediaStore | undefined): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const main = await createStreamKey(trx, { channel_id: channelId, title: '메인 스튜디오', created_at: ago(40 * DAY) });
  const outdoor = await createStreamKey(trx, { channel_id: channelId, title: '야외 중계', created_at: ago(20 * DAY) });
  const ended: [key: number, title: string, daysAgo: number, hours: number][] = [
    [main.id, '주간 스튜디오 토크 #12', 1, 2],
    [main.id, '신곡 리뷰 라이브', 3, 1.5],
    [main.id, '구독자 Q&A 특집', 6, 2],
    [main.id, '주간 스튜디오 토크 #11', 8, 2],
    [main.id, '장비 언박싱 라이브', 11, 1],
    [main.id, '주간 스튜디오 토크 #10', 15, 2],
    [outdoor.id, '겨울 축제 현장 중계', 4, 3],
    [outdoor.id, '한강 야경 산책 라이브', 13, 1.5],
  ];
  let index = 0;
  for (const [keyId, title, daysAgo, hours] of ended) {
    const startedAt = ago(daysAgo * DAY);
    const thumbnailUrl = media ? await thumbnailFor(media, title, COLOURS[index % COLOURS.length]!) : null;
    index += 1;
    await createLive(trx, {
      channel_id: channelId,
      stream_key_id: keyId,
      title,
      description: `${title} 다시보기입니다.`,
      thumbnail_url: thumbnailUrl,
      status: 'END',
      created_at: new Date(startedAt.getTime() - HOUR),
      started_at: startedAt,
      ended_at: new Date(startedAt.getTime() + hours * HOUR),
    });
  }
}
