import { describe, expect, it } from 'vitest';
import { LOOP_FILE_NAME_MAX } from '@studio/contract/constants';
import { uploadFileName } from './loop-file-name';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('uploadFileName', () => {
  it('reads the filename pair of tus metadata, Korean included', () => {
    expect(uploadFileName(`filetype ${b64('video/mp4')},filename ${b64('여름 바다.mp4')}`)).toBe('여름 바다.mp4');
  });

  it('is null without a readable name', () => {
    expect(uploadFileName(undefined)).toBeNull();
    expect(uploadFileName(`filetype ${b64('video/mp4')}`)).toBeNull();
    expect(uploadFileName('filename !!notbase64')).toBeNull();
    expect(uploadFileName(`filename ${b64('\u0001\u0002')}`)).toBeNull();
  });

  it('drops control characters', () => {
    expect(uploadFileName(`filename ${b64('a\nb\u0007.mov')}`)).toBe('ab.mov');
  });

  it('shortens a name past the bound around an ellipsis, keeping its extension', () => {
    const name = uploadFileName(`filename ${b64(`${'가'.repeat(400)}.mp4`)}`);
    expect(Array.from(name ?? '')).toHaveLength(LOOP_FILE_NAME_MAX);
    expect(name?.endsWith('….mp4')).toBe(true);
    expect(uploadFileName(`filename ${b64('가'.repeat(LOOP_FILE_NAME_MAX))}`)).toBe('가'.repeat(LOOP_FILE_NAME_MAX));
  });
});
