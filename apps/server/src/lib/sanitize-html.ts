import sanitize from 'sanitize-html';

/**
 * The one allow-list for rich text written in the studio (notice bodies, and
 * content bodies from the editor). Everything not listed is removed: scripts,
 * styles, event handlers (`onerror=`), `javascript:`/`data:` addresses, frames,
 * forms, classes and inline styles. What is listed is what the editor makes.
 */
const OPTIONS: sanitize.IOptions = {
  // figure/figcaption: the content editor's captioned images, and its video-link cards (`<figure data-video-card>`).
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'code', 'pre', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    figure: ['data-video-card'],
  },
  // Tags whose text is junk when the tag goes (a script's source must not survive as text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
  disallowedTagsMode: 'discard',
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/x` would take the reader's scheme to any host without saying so.
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  transformTags: {
    // Links leave the studio in a new tab without handing it `window.opener` or the referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    b: 'strong',
    i: 'em',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Rich text as it may be stored and served: only the allow-list survives. Idempotent. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** A plain-text body (older rows, seeds) as rich text: escaped, paragraphs by blank lines, breaks by newlines. */
export function plainTextToRichText(value: string): string {
  const escape = (part: string) => part.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  return value
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br />')}</p>`)
    .join('');
}

/** Whether rich text says anything once tags are gone (an empty editor leaves `<p></p>`). */
export function richTextHasContent(html: string): boolean {
  return /<img\s/i.test(html) || sanitize(html, { allowedTags: [], allowedAttributes: {} }).replaceAll('&nbsp;', ' ').trim().length > 0;
}
