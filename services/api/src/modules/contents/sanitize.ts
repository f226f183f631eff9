import sanitizeHtml from 'sanitize-html';

/*
 * What an HTML block may hold (issue 14): text markup, lists, tables, links and images, and nothing
 * that runs or restyles the page. sanitize-html drops every other tag (the text of script, style,
 * iframe and the like with it) and every attribute not listed, `on*` handlers and `style` included.
 */

/** Link targets an HTML block may keep: web pages, mail and phone. Anything else (`javascript:`, `data:`, relative) loses its href. */
const HREF_PATTERN = /^(https?:\/\/|mailto:|tel:)/i;
const IMAGE_SRC_PATTERN = /^https?:\/\//i;

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
    'blockquote', 'q', 'cite', 'abbr', 'pre', 'code', 'span', 'div', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Tags whose text is dropped with them, not kept as plain text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.title !== undefined) kept.title = attribs.title;
      const href = attribs.href?.trim();
      if (href !== undefined && HREF_PATTERN.test(href)) kept.href = href;
      // A link that opens a new tab must not hand the page to the target.
      if (attribs.target === '_blank') kept.target = '_blank';
      kept.rel = attribs.target === '_blank' ? 'noopener noreferrer nofollow' : 'nofollow';
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const kept: sanitizeHtml.Attributes = { ...rest };
      if (src !== undefined && IMAGE_SRC_PATTERN.test(src.trim())) kept.src = src.trim();
      return { tagName, attribs: kept };
    },
  },
  // An image without a source shows nothing; drop it rather than keep an empty tag.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The HTML of a block as the API stores and serves it. */
export const sanitizeBlockHtml = (html: string): string => sanitizeHtml(html, HTML_OPTIONS);

/** True for an absolute http(s) URL (a link block's target). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True for an absolute https URL (an image block's external picture). */
export const isHttpsUrl = (value: string): boolean => isHttpUrl(value) && value.toLowerCase().startsWith('https:');

/** YouTube (watch, youtu.be, shorts, embed) and Vimeo page addresses a video block may show. */
const VIDEO_PAGE_PATTERNS = [
  /^https?:\/\/(www\.|m\.)?youtube\.com\/watch\?(.*&)?v=[\w-]{6,}/i,
  /^https?:\/\/youtu\.be\/[\w-]{6,}/i,
  /^https?:\/\/(www\.|m\.)?youtube\.com\/(shorts|embed)\/[\w-]{6,}/i,
  /^https?:\/\/(www\.|player\.)?vimeo\.com\/(video\/)?\d+/i,
];

export const isVideoPageUrl = (value: string): boolean => isHttpUrl(value) && VIDEO_PAGE_PATTERNS.some((pattern) => pattern.test(value));
