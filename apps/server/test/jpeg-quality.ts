import sharp from 'sharp';

/** The first 8-bit quantisation table with id 0 (luminance), in the file's (zig-zag) order. */
function luminanceTable(jpeg: Buffer): number[] | null {
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) return null;
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xdb) {
      let at = offset + 4;
      while (at < offset + 2 + length) {
        const precisionAndId = jpeg[at]!;
        const wide = precisionAndId >> 4 === 1;
        const values = Array.from({ length: 64 }, (_, index) => (wide ? jpeg.readUInt16BE(at + 1 + index * 2) : jpeg[at + 1 + index]!));
        if ((precisionAndId & 0x0f) === 0) return values;
        at += 1 + 64 * (wide ? 2 : 1);
      }
    }
    if (marker === 0xda) return null;
    offset += 2 + length;
  }
  return null;
}

const tables = new Map<number, string>();

/**
 * The quality a JPEG was written at, read back from its luminance quantisation table: the encoder
 * scales its table by the quality, so the quality whose table equals the file's is the one it was
 * written with. The reference tables are sharp's own (with mozjpeg, as the media store encodes),
 * from a tiny probe image at each quality 1–100. Null when none matches.
 */
export async function jpegQuality(jpeg: Buffer): Promise<number | null> {
  const table = luminanceTable(jpeg)?.join();
  if (!table) return null;
  if (tables.size === 0) {
    const probe = sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });
    for (let quality = 1; quality <= 100; quality++) {
      const reference = luminanceTable(await probe.clone().jpeg({ quality, mozjpeg: true }).toBuffer())?.join();
      if (reference && !tables.has(quality)) tables.set(quality, reference);
    }
  }
  for (const [quality, reference] of tables) if (reference === table) return quality;
  return null;
}
