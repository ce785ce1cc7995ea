import { describe, expect, it } from 'vitest';
import { cleanRichText, richTextWords } from './richText';

// F-AREA-05: lesson text keeps the 03§5 allow-list (the server's formrules.SanitizeHTML), so the
// editor's preview is what the server stores.
describe('cleanRichText', () => {
  it('keeps allowed tags without attributes and names bold and italic one way', () => {
    expect(cleanRichText('<p class="x">Pick the <b>right</b> <i style="a">weekend</i> and <u>mail</u>.</p>')).toBe(
      '<p>Pick the <strong>right</strong> <em>weekend</em> and <u>mail</u>.</p>',
    );
    expect(cleanRichText('<h2>Plan</h2><ul><li>One</li><li>Two<br>lines</li></ul><ol><li>First</li></ol>')).toBe(
      '<h2>Plan</h2><ul><li>One</li><li>Two<br>lines</li></ul><ol><li>First</li></ol>',
    );
  });

  it('drops scripts, pictures, links and handlers, keeping the words', () => {
    expect(cleanRichText('<p>Fast<script>alert(1)</script> <img src=x onerror=alert(1)><a href="javascript:x">closings</a></p><style>p{}</style>')).toBe(
      '<p>Fast closings</p>',
    );
    expect(cleanRichText('<iframe src="//evil"><p>inside</p></iframe><p>kept</p>')).toBe('<p>kept</p>');
  });

  it("turns a browser editor's lines into paragraphs and drops empty ones", () => {
    expect(cleanRichText('First line<div>Second <span style="font-weight:700">line</span></div><div><br></div><p><br></p>')).toBe(
      '<p>First line</p><p>Second line</p>',
    );
    expect(cleanRichText('<p>&nbsp;</p><p><strong> </strong></p>')).toBe('');
    expect(cleanRichText('')).toBe('');
  });

  it('escapes text and reads entities once', () => {
    expect(cleanRichText('<p>3 &lt; 5 &amp; "fine"</p>')).toBe('<p>3 &lt; 5 &amp; "fine"</p>');
    expect(cleanRichText('<p>&lt;script&gt;x&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
    expect(cleanRichText('<p>It&#39;s</p>')).toBe("<p>It's</p>");
  });

  it('is stable: cleaning its own output changes nothing', () => {
    const once = cleanRichText('<div>a<b>b</b></div><ul><li><p>c</p><p>d</p></li>e</ul><h3>f</h3>');
    expect(once).toBe('<p>a<strong>b</strong></p><ul><li>c<br>d</li><li>e</li></ul><h3>f</h3>');
    expect(cleanRichText(once)).toBe(once);
  });

  it('reads the words of rich text', () => {
    expect(richTextWords('<p>Hello <strong>there</strong></p><ul><li>you</li></ul>')).toBe('Hello there you');
    expect(richTextWords('<p><br></p>')).toBe('');
  });
});
