import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import { MAX_UPLOAD_BYTES } from '../media/upload';

/**
 * The balancer in front of the studio (deploy/nginx/studio.conf.template, also the balanced test tiers')
 * must let the studio's largest request bodies through: an image upload of MAX_UPLOAD_BYTES with its
 * multipart framing, and a loop's tus piece. A limit below either answers 413 at the edge before the
 * studio can judge the request (it did once, when the pieces grew from 5 to 10 MiB).
 */
const template = readFileSync(fileURLToPath(new URL('../../../../deploy/nginx/studio.conf.template', import.meta.url)), 'utf8');
const MULTIPART_FRAMING_BYTES = 64 * 1024;

it("lets the studio's largest request bodies through the balancer", () => {
  const match = /client_max_body_size\s+(\d+)([km]?);/.exec(template);
  expect(match, 'client_max_body_size in the template').not.toBeNull();
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[(match?.[2] ?? '') as '' | 'k' | 'm'];
  const limit = Number(match?.[1]) * unit;
  expect(limit).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES + MULTIPART_FRAMING_BYTES);
  expect(limit).toBeGreaterThanOrEqual(LOOP_UPLOAD_CHUNK_BYTES);
});
