import { describe, expect, it } from 'vitest';
import { plainTextToRichText, richTextHasContent, sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText: the allow-list', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h2>제목</h2><p>첫 줄<br />둘째 <strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <s>취소</s></p><ul><li>하나</li></ul><ol start="3"><li>셋</li></ol><blockquote>인용</blockquote><pre><code>x = 1</code></pre><hr />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts with their source, styles and frames', () => {
    const out = sanitizeRichText('<p>안녕</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe><noscript>x</noscript>');
    expect(out).toBe('<p>안녕</p>');
  });

  it('removes event handlers, classes, ids and inline styles', () => {
    const out = sanitizeRichText('<img src="https://cdn.example/a.png" onerror="alert(1)" class="x" style="width:9999px"><p onclick="x()" id="p" style="color:red">t</p>');
    expect(out).toBe('<img src="https://cdn.example/a.png" /><p>t</p>');
    expect(out).not.toMatch(/onerror|onclick|style|class/);
  });

  it('drops javascript:, data:, vbscript: and protocol-relative addresses', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitizeRichText('<a href=" java\tscript:alert(1)">x</a>')).not.toMatch(/script/i);
    expect(sanitizeRichText('<a href="vbscript:x">x</a>')).not.toMatch(/vbscript/);
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichText('<a href="//evil.example/x">x</a>')).not.toMatch(/evil/);
  });

  it('opens links in a new tab without the opener, and keeps http, https and mailto', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:help@example.com">메일</a>')).toContain('href="mailto:help@example.com"');
  });

  it('removes forms, inputs, svg, math and unknown tags but keeps their text where harmless', () => {
    const out = sanitizeRichText('<form action="/x"><input value="v"><button>보내기</button></form><svg><script>1</script></svg><div>블록</div><span>글</span>');
    expect(out).toBe('보내기블록글');
  });

  it('cannot be tricked by broken or nested markup', () => {
    for (const attack of ['<scr<script>ipt>alert(1)</script>', '<<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)//', '<p><a href="https://x" onmouseover="alert(1)">x</a></p>', '"><img src=x onerror=alert(1)>']) {
      const out = sanitizeRichText(attack);
      expect(out, attack).not.toMatch(/<script|onerror|onmouseover|alert\(1\)<\/script/i);
      expect(sanitizeRichText(out), `${attack} is stable`).toBe(out);
    }
  });

  it('maps b and i to strong and em, and is idempotent', () => {
    const once = sanitizeRichText('<p><b>굵게</b><i>기울임</i></p>');
    expect(once).toBe('<p><strong>굵게</strong><em>기울임</em></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('plainTextToRichText', () => {
  it('escapes and makes paragraphs and breaks', () => {
    expect(plainTextToRichText('첫 문단 <b>\n둘째 줄\n\n둘째 문단 & 끝')).toBe('<p>첫 문단 &lt;b&gt;<br />둘째 줄</p><p>둘째 문단 &amp; 끝</p>');
    expect(sanitizeRichText(plainTextToRichText('a <script>x</script>'))).toBe('<p>a &lt;script&gt;x&lt;/script&gt;</p>');
  });
});

describe('richTextHasContent', () => {
  it('sees an empty editor as empty and an image as content', () => {
    expect(richTextHasContent('<p></p><p>&nbsp;</p>')).toBe(false);
    expect(richTextHasContent('<p>글</p>')).toBe(true);
    expect(richTextHasContent('<p><img src="https://cdn.example/a.png" /></p>')).toBe(true);
  });
});

describe('sanitizeRichText: the content editor output', () => {
  it('keeps captioned images and video-link cards as the editor writes them', () => {
    const figure = '<figure><img src="/media/images/a.jpg" alt="설명" width="10" height="10" /><figcaption>설명</figcaption></figure>';
    expect(sanitizeRichText(figure)).toBe(figure);
    const card = '<figure data-video-card=""><a href="https://youtu.be/abc" target="_blank" rel="noopener noreferrer nofollow">https://youtu.be/abc</a></figure>';
    expect(sanitizeRichText(card)).toBe(card.replace('data-video-card=""', 'data-video-card'));
  });

  it('lets no other attribute through on a figure', () => {
    expect(sanitizeRichText('<figure class="x" style="color:red" onclick="alert(1)" data-other="1"><figcaption>a</figcaption></figure>')).toBe('<figure><figcaption>a</figcaption></figure>');
  });
});
