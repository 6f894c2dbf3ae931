import sanitizeHtml from 'sanitize-html';

/**
 * Notice bodies are rich text written by operators outside the studio. They
 * leave the server only through this allowlist: formatting, lists, links and
 * images survive; scripts, event handlers, styles, frames and `javascript:`
 * addresses do not. The browser then inserts the result as HTML.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  // target and rel are set below (transformTags runs before this filter), never taken from the body.
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the studio in a new tab and never hand it a window reference.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A body as safe HTML: markup goes through the allowlist; plain text becomes paragraphs and line breaks. */
export function noticeBodyHtml(body: string): string {
  if (/<[a-z!/]/i.test(body)) return sanitizeHtml(body, RICH_TEXT);
  return body
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
