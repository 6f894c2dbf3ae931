import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertKey,
  assertPrefix,
  rangeHeader,
  RangeNotSatisfiableError,
  type ByteRange,
  type CheckOptions,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  type StoredObject,
} from './object-store';

export type S3StoreOptions = {
  /** Omitted for AWS S3 itself (the region's endpoint); e.g. http://127.0.0.1:7480 for a Ceph RADOS Gateway. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: what RGW and most compatible stores need. */
  forcePathStyle: boolean;
};

/** Streamed bodies go up in parts of this size, four at a time (at most 32 MiB in memory per upload). */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 4;

export function s3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default (a CRC32 trailer on every upload) makes Ceph RGW 16.2 answer 411 to a
    // streamed PUT: checksums only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
const notFound = (error: unknown) => status(error) === 404 || (error as Error | undefined)?.name === 'NoSuchKey';

/**
 * Objects in an S3-compatible bucket through the AWS SDK v3: AWS S3, Ceph's RADOS Gateway, and the
 * like. A Buffer goes up in one PutObject; a stream through lib-storage's Upload, one PutObject when
 * it is short and a multipart upload otherwise (aborted when the body fails, so nothing is left). S3
 * writes are atomic per object, as the contract asks. The bucket is the operator's to create
 * (createBucketIfMissing exists for tests and development).
 */
export function s3Store(options: S3StoreOptions, client: S3Client = s3Client(options)): ObjectStore {
  const Bucket = options.bucket;

  const head = async (key: string): Promise<ObjectInfo | null> => {
    assertKey(key);
    try {
      const response = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: response.ContentLength ?? 0, contentType: response.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',

    async put(key: string, body: Buffer | Readable, { contentType }: PutOptions): Promise<void> {
      assertKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
        return;
      }
      // A multipart upload's ETag is empty on RGW 16.2 (CompleteMultipartUpload): nothing here relies on it.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw error;
      }
    },

    async get(key: string, { range }: { range?: ByteRange } = {}): Promise<StoredObject | null> {
      assertKey(key);
      let response;
      try {
        response = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? rangeHeader(range) : undefined }));
      } catch (error) {
        if (notFound(error)) return null;
        if (status(error) === 416) {
          // The whole size, for the 416 answer's Content-Range: bytes */size.
          const info = await head(key);
          if (!info) return null;
          throw new RangeNotSatisfiableError(info.size);
        }
        throw error;
      }
      const length = response.ContentLength ?? 0;
      // "bytes 0-99/2048" when a range was served; without one, the whole object.
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
      const size = served ? Number(served[3]) : length;
      const bytes = served ? { start: Number(served[1]), end: Number(served[2]) } : { start: 0, end: length - 1 };
      const stream = response.Body;
      if (!(stream instanceof Readable)) throw new Error(`GetObject ${key}: the SDK gave no Node.js stream`);
      return { stream, size, contentType: response.ContentType ?? 'application/octet-stream', range: bytes };
    },

    head,

    async delete(key: string): Promise<void> {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(prefix: string): Promise<ListedObject[]> {
      assertPrefix(prefix);
      const found: ListedObject[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const item of page.Contents ?? []) {
          if (item.Key !== undefined) found.push({ key: item.Key, size: item.Size ?? 0 });
        }
      }
      return found;
    },

    async check({ timeoutMs }: CheckOptions = {}): Promise<void> {
      try {
        // Aborting covers the SDK's retries too: the whole check ends within timeoutMs.
        await client.send(new HeadBucketCommand({ Bucket }), timeoutMs === undefined ? {} : { abortSignal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const code = status(error);
        const reason = code === 404 ? 'does not exist' : code === 403 ? 'refuses these credentials' : `cannot be reached (${code ?? (error as Error).message})`;
        throw new Error(`S3_BUCKET ${Bucket} at ${options.endpoint ?? `AWS S3 ${options.region}`} ${reason}`, { cause: error });
      }
    },
  };
}

/** Creates the bucket when it is not there yet (tests, development; production buckets are the operator's). */
export async function createBucketIfMissing(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (status(error) !== 404) throw error;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}
