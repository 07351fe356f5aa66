import sanitizeHtml from 'sanitize-html';

/**
 * The one gate every note's HTML passes before it is stored: what the portal's editor makes (paragraphs, headings,
 * bold/italic/underline/strike, lists, quotes, code, links) and nothing else. No scripts, styles, frames, forms or
 * images (an image URL would let a note phone home when read); no attributes but a link's href and title; links only
 * http(s) or mailto, and they open apart from the portal (target=_blank with rel=noopener noreferrer). Tags outside
 * the list are dropped with their text kept, except script/style/textarea whose text is dropped too.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
};

export function sanitizeNoteHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
