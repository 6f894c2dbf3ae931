/** A publisher's picture is shown, never decoded: sizes beyond this are no picture an encoder sends. */
const MAX_DIMENSION = 16_384;
/** H.264 7.4.2.1.1: num_ref_frames_in_pic_order_cnt_cycle is 0 to 255. */
const MAX_POC_CYCLE = 255;
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

class OutOfBits extends Error {}

/** Reads the bits of an RBSP; past its end it throws (garbage is not read as zeros forever). */
class BitReader {
  private position = 0;
  constructor(private readonly bytes: Buffer) {}

  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) throw new OutOfBits();
      value = value * 2 + ((byte >> (7 - (this.position & 7))) & 1);
      this.position++;
    }
    return value;
  }

  ue(): number {
    let zeros = 0;
    while (this.bits(1) === 0) {
      if (++zeros > 31) throw new OutOfBits();
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }

  se(): number {
    const code = this.ue();
    return code % 2 === 0 ? -(code / 2) : (code + 1) / 2;
  }
}

/** Emulation prevention bytes (00 00 03) out of a NAL unit. */
function rbsp(nal: Buffer): Buffer {
  const out = Buffer.alloc(nal.length);
  let length = 0;
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i - 2] === 0 && nal[i - 1] === 0 && nal[i] === 3) continue;
    out[length++] = nal[i]!;
  }
  return out.subarray(0, length);
}

function skipScalingList(reader: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j++) {
    if (next !== 0) next = (last + reader.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/**
 * The picture size an H.264 SPS (with its NAL header byte) declares, or null.
 * Written after node-media-server's parseH264Sps, which loops as many times as
 * the publisher's SPS says (up to 2^31: the whole process stops for minutes);
 * here every count is bounded by the standard and reading past the end fails.
 */
export function h264PictureSize(sps: Buffer): { width: number; height: number } | null {
  try {
    const r = new BitReader(rbsp(sps));
    r.bits(8); // NAL header
    const profile = r.bits(8);
    r.bits(16); // constraint flags, level
    r.ue(); // seq_parameter_set_id
    let chromaFormat = 1;
    if (HIGH_PROFILES.has(profile)) {
      chromaFormat = r.ue();
      if (chromaFormat > 3) return null;
      if (chromaFormat === 3) r.bits(1); // separate_colour_plane_flag
      r.ue(); // bit_depth_luma_minus8
      r.ue(); // bit_depth_chroma_minus8
      r.bits(1); // qpprime_y_zero_transform_bypass_flag
      if (r.bits(1)) {
        for (let i = 0; i < (chromaFormat !== 3 ? 8 : 12); i++) if (r.bits(1)) skipScalingList(r, i < 6 ? 16 : 64);
      }
    }
    r.ue(); // log2_max_frame_num_minus4
    const pocType = r.ue();
    if (pocType === 0) {
      r.ue(); // log2_max_pic_order_cnt_lsb_minus4
    } else if (pocType === 1) {
      r.bits(1); // delta_pic_order_always_zero_flag
      r.se(); // offset_for_non_ref_pic
      r.se(); // offset_for_top_to_bottom_field
      const cycle = r.ue();
      if (cycle > MAX_POC_CYCLE) return null;
      for (let i = 0; i < cycle; i++) r.se();
    }
    r.ue(); // max_num_ref_frames
    r.bits(1); // gaps_in_frame_num_value_allowed_flag
    const widthInMbs = r.ue() + 1;
    const heightInMapUnits = r.ue() + 1;
    const frameMbsOnly = r.bits(1);
    if (!frameMbsOnly) r.bits(1); // mb_adaptive_frame_field_flag
    r.bits(1); // direct_8x8_inference_flag
    let [left, right, top, bottom] = [0, 0, 0, 0];
    if (r.bits(1)) [left, right, top, bottom] = [r.ue(), r.ue(), r.ue(), r.ue()];
    const cropX = chromaFormat === 1 || chromaFormat === 2 ? 2 : 1;
    const cropY = (chromaFormat === 1 ? 2 : 1) * (2 - frameMbsOnly);
    const width = widthInMbs * 16 - cropX * (left + right);
    const height = (2 - frameMbsOnly) * heightInMapUnits * 16 - cropY * (top + bottom);
    if (width <= 0 || height <= 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) return null;
    return { width, height };
  } catch (error) {
    if (error instanceof OutOfBits) return null;
    throw error;
  }
}
