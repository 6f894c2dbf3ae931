import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParam } from '@studio/contract/params';
import { errorCatalogue } from '@studio/contract/errors';
import { decodePublicContentsCursor, publicSitePaths, type PublicContentsCursor } from '@studio/contract/public-site';
import { BEACON_SCRIPT, BEACON_SCRIPT_PATH } from './beacon-script';
import { HLS_LIBRARY_PATH, hlsLibrary, LIVE_PLAYER_SCRIPT, LIVE_PLAYER_SCRIPT_PATH } from './live-player-script';
import { renderBadCursorPage, renderChannelPage, renderContentPage, renderLivePage, renderNotFoundPage } from './public-pages';
import { publicSiteService } from './public-site-service';
import { siteHref, siteViewOf, type SiteView } from './site-language';

/**
 * Shared caches may keep a page a minute: long enough to absorb a burst of readers,
 * short enough that a content hidden in the studio is gone from the site soon after.
 * The 404 is cached alike (it says nothing about why, and a content published a minute late is harmless).
 */
const CACHE_CONTROL = 'public, max-age=60';

/** A path id as the API reads it (`@studio/contract/params`); anything else is the same 404 as a hidden page. */
const idOf = (value: string) => {
  const parsed = IdParam.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

type Params = { channelId: string; contentId?: string; liveId?: string };
type Query = { before?: string | string[]; lang?: string | string[] };

/** The reader's language: `?lang=`, else the browser's Accept-Language (site-language.ts). */
const viewOf = (request: FastifyRequest<{ Querystring: Query }>): SiteView => siteViewOf(request.query.lang, request.headers['accept-language']);

/** The channel page's `before`: absent (the first page), a cursor, or 'bad' (not one, or given twice). */
const cursorOf = (value: string | string[] | undefined): PublicContentsCursor | undefined | 'bad' => {
  if (value === undefined) return undefined;
  return (typeof value === 'string' && decodePublicContentsCursor(value)) || 'bad';
};

/**
 * The public site (`/c/…`): a channel's page and one page per published content or live,
 * server-rendered, without sign-in and without the studio's JavaScript. Hidden from OpenAPI:
 * these are pages, not the API.
 */
export async function publicSiteRoutes(app: FastifyInstance) {
  const site = publicSiteService(app.db);
  const { publicUrl } = app.config;

  // The same address answers in the reader's language: a shared cache keys its copies by Accept-Language.
  const send = (reply: FastifyReply, view: SiteView, html: string | undefined) =>
    reply
      .status(html === undefined ? 404 : 200)
      .header('cache-control', CACHE_CONTROL)
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(html ?? renderNotFoundPage(view));

  // The content pages' beacon (a static path: it wins over /c/:channelId). An hour in caches: it changes with a release.
  app.get(BEACON_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(BEACON_SCRIPT),
  );

  // The live pages' player: its script, and hls.js for a browser that does not play HLS itself (live-player-script.ts).
  app.get(LIVE_PLAYER_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(LIVE_PLAYER_SCRIPT),
  );
  let hls: ReturnType<typeof hlsLibrary> | undefined;
  app.get(HLS_LIBRARY_PATH, { schema: { hide: true } }, async (request, reply) => {
    hls ??= hlsLibrary();
    void reply.header('cache-control', 'public, max-age=86400').header('vary', 'Accept-Encoding').type('text/javascript; charset=utf-8');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(hls.gzipped);
    return reply.send(hls.plain);
  });

  app.get<{ Params: Params; Querystring: Query }>('/c/:channelId', { schema: { hide: true } }, async (request, reply) => {
    const channelId = idOf(request.params.channelId);
    const before = cursorOf(request.query.before);
    const view = viewOf(request);
    // A cursor that is not one is the reader's (or a link's) mistake, told as such: 400, with the catalogue's code.
    if (channelId !== undefined && before === 'bad') {
      return reply
        .status(errorCatalogue.VALIDATION_FAILED.status)
        .header('cache-control', CACHE_CONTROL)
        .header('vary', 'Accept-Language')
        .type('text/html; charset=utf-8')
        .send(renderBadCursorPage(channelId, 'VALIDATION_FAILED', view));
    }
    const page = channelId === undefined || before === 'bad' ? undefined : await site.channelPage(channelId, before);
    return send(reply, view, page && renderChannelPage(publicUrl, page, view));
  });

  app.get<{ Params: Params; Querystring: Query }>('/c/:channelId/:contentId', { schema: { hide: true } }, async (request, reply) => {
    const view = viewOf(request);
    const channelId = idOf(request.params.channelId);
    const contentId = idOf(request.params.contentId ?? '');
    const page = channelId === undefined || contentId === undefined ? undefined : await site.contentPage(channelId, contentId);
    // A replay's page is its live's: one address for the broadcast, on air and after.
    if (page?.content.liveId) return reply.header('cache-control', CACHE_CONTROL).redirect(siteHref(publicSitePaths.live(page.channel.id, page.content.liveId), view), 302);
    return send(reply, view, page && renderContentPage(publicUrl, page, view));
  });

  // Any other address under /c/ is the site's 404 page too, not the API's JSON one.
  app.get<{ Querystring: Query }>('/c/*', { schema: { hide: true } }, async (request, reply) => send(reply, viewOf(request), undefined));

  app.get<{ Params: Params; Querystring: Query }>('/c/:channelId/live/:liveId', { schema: { hide: true } }, async (request, reply) => {
    const view = viewOf(request);
    const channelId = idOf(request.params.channelId);
    const liveId = idOf(request.params.liveId ?? '');
    const page = channelId === undefined || liveId === undefined ? undefined : await site.livePage(channelId, liveId);
    return send(reply, view, page && renderLivePage(publicUrl, page, view));
  });
}
