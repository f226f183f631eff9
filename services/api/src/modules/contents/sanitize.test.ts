import { describe, expect, it } from 'vitest';
import { isHttpUrl, isVideoPageUrl, sanitizeBlockHtml } from './sanitize.js';

describe('sanitizeBlockHtml', () => {
  it('keeps text markup, lists, tables and safe links', () => {
    const html = '<h3>Care</h3><p><strong>Wash</strong> <em>cold</em></p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(sanitizeBlockHtml(html)).toBe(html);
    expect(sanitizeBlockHtml('<a href="tel:+15550100">call</a>')).toBe('<a href="tel:+15550100" rel="nofollow">call</a>');
  });

  it('drops scripts, styles, frames, forms and svg with their text, and every event handler and style attribute', () => {
    const cleaned = sanitizeBlockHtml(
      '<p onclick="x()" style="position:fixed">a</p><script>steal()</script><style>p{}</style><iframe src="https://e.example">f</iframe>' +
        '<object data="x.swf"></object><embed src="x"><form action="https://e.example"><input name="q"></form><svg onload="x()"><text>s</text></svg>',
    );
    expect(cleaned).toBe('<p>a</p>');
  });

  it('takes the target from javascript:, data:, vbscript: and relative links, and drops images without an http(s) source', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', '/admin', '//evil.example/x']) {
      expect(sanitizeBlockHtml(`<a href="${href}">x</a>`)).toBe('<a rel="nofollow">x</a>');
    }
    expect(sanitizeBlockHtml('<img src="data:image/png;base64,AAAA" alt="a">')).toBe('');
    expect(sanitizeBlockHtml('<img src="javascript:x">')).toBe('');
    expect(sanitizeBlockHtml('<img src="https://cdn.example/a.png" alt="a" onerror="x()">')).toBe('<img alt="a" src="https://cdn.example/a.png" />');
  });

  it('keeps a new tab from reaching back into the page', () => {
    expect(sanitizeBlockHtml('<a href="https://acme.example" target="_blank">a</a>')).toBe(
      '<a href="https://acme.example" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
  });
});

describe('addresses', () => {
  it('accepts only absolute http(s) URLs as link targets', () => {
    expect(isHttpUrl('https://acme.example/a?b=c')).toBe(true);
    expect(isHttpUrl('http://acme.example')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.example', 'ftp://acme.example', '/relative', 'acme.example', 'https://']) expect(isHttpUrl(bad)).toBe(false);
  });

  it('recognises YouTube and Vimeo pages', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871',
    ]) {
      expect(isVideoPageUrl(url)).toBe(true);
    }
    for (const url of ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/channels/staff', 'https://example.com/video.mp4', 'javascript:x']) {
      expect(isVideoPageUrl(url)).toBe(false);
    }
  });
});
