import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, point 1: which content shows which uploaded image, so that deleting a content can remove
 * the images no content shows any more. An article's body may show any image of this site by its
 * address, another channel's too (pasted HTML), so a use is not bound to the content's channel.
 * Every save that can change a content's cover, images or body rewrites its uses (content-repository.ts,
 * recordImageUses); a delete drops them and removes the images left without one (releaseUnusedImages).
 *
 * The image's foreign key is NO ACTION rather than CASCADE: an image is never deleted while a content
 * shows it. Inserting a use takes the image row's key-share lock through this key, which a delete's
 * FOR UPDATE on the row waits for (and the other way round). NO ACTION rather than RESTRICT, so that a
 * channel removed by hand, whose contents and images cascade in one statement, is checked at the end
 * of that statement (its uses cascade with its contents first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_image_uses (
      content_id bigint NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
      image_id bigint NOT NULL REFERENCES content_images (id) ON DELETE NO ACTION,
      PRIMARY KEY (content_id, image_id)
    )
  `.execute(db);
  // "Does any content still use this image?" on every delete.
  await sql`CREATE INDEX content_image_uses_image ON content_image_uses (image_id)`.execute(db);
  // A body names its images by address: every save looks them up by url, of any channel.
  await sql`CREATE INDEX content_images_url ON content_images (url)`.execute(db);

  // The uses of the contents saved before: their cover and a post's images (snapshots carrying the
  // image's id), their list thumbnail, and every address of an uploaded image in their body, read by
  // the same rule a save applies (content-html.ts, bodyImageUrls). Deleted contents use nothing.
  await sql`
    INSERT INTO content_image_uses (content_id, image_id)
    SELECT c.id, i.id
    FROM contents c
    CROSS JOIN LATERAL (
      SELECT (c.cover_image ->> 'id')::bigint AS id WHERE jsonb_typeof(c.cover_image -> 'id') = 'number'
      UNION SELECT (e ->> 'id')::bigint FROM jsonb_array_elements(c.images) e WHERE jsonb_typeof(e -> 'id') = 'number'
    ) snapshot
    JOIN content_images i ON i.id = snapshot.id
    WHERE c.status <> 'DELETE'
    UNION
    SELECT c.id, i.id
    FROM contents c
    CROSS JOIN LATERAL (
      SELECT c.thumbnail_url AS url WHERE c.thumbnail_url IS NOT NULL
      UNION SELECT '/media/images/' || m[1] FROM regexp_matches(c.body, '/media/images/([A-Za-z0-9][A-Za-z0-9._-]*)', 'g') m
    ) address
    JOIN content_images i ON i.url = address.url
    WHERE c.status <> 'DELETE'
    ON CONFLICT DO NOTHING
  `.execute(db);
}
