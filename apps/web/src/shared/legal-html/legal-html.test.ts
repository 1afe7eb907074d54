import { describe, expect, it } from 'vitest';
import { headingLevel, legalTextToHtml } from './legal-html';

const values = { platformName: 'Starriver', contact: 'help@example.com' };

describe('legalTextToHtml', () => {
  it('makes each non-empty line a paragraph and drops blank lines', () => {
    expect(legalTextToHtml('First line\r\n\r\n  Second line  \nThird', values)).toBe(
      '<p>First line</p><p>Second line</p><p>Third</p>',
    );
  });

  it('turns numbered titles into headings', () => {
    const html = legalTextToHtml('1. Scope\n1.1 Accounts\n一、总则\n第三条 隐私\n(2) Payments', values);
    expect(html).toBe(
      '<h2>1. Scope</h2><h3>1.1 Accounts</h3><h2>一、总则</h2><h2>第三条 隐私</h2><h2>(2) Payments</h2>',
    );
  });

  it('keeps long or sentence-like numbered lines as paragraphs', () => {
    const clause = '1. You must not share your account with anyone else, nor sell it, nor lend it.';
    expect(legalTextToHtml(clause, values)).toBe(`<p>${clause}</p>`);
    expect(legalTextToHtml('2. 用户应当遵守本协议。', values)).toBe('<p>2. 用户应当遵守本协议。</p>');
  });

  it('replaces every placeholder with the site name and contact', () => {
    expect(legalTextToHtml('{platformName} answers at {contact}; {platformName} again', values)).toBe(
      '<p>Starriver answers at help@example.com; Starriver again</p>',
    );
  });

  it('escapes the text so markup shows as text', () => {
    const html = legalTextToHtml('<script>window.__x=1</script>\n<img src=x onerror="alert(1)">', values);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toBe(
      '<p>&lt;script&gt;window.__x=1&lt;/script&gt;</p><p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>',
    );
  });

  it('escapes the placeholder values too', () => {
    const html = legalTextToHtml('Contact: {contact}', { platformName: 'A&B', contact: '<b>x</b>' });
    expect(html).toBe('<p>Contact: &lt;b&gt;x&lt;/b&gt;</p>');
  });

  it('does not treat a placeholder that markup could forge as a placeholder twice', () => {
    // The value of one placeholder must not be re-scanned for the other.
    const html = legalTextToHtml('{platformName}', { platformName: '{contact}', contact: 'leak' });
    expect(html).toBe('<p>{contact}</p>');
  });
});

describe('headingLevel', () => {
  it('knows the numbering styles', () => {
    expect(headingLevel('3、Refunds')).toBe('h2');
    expect(headingLevel('2.4.1 Cookies')).toBe('h3');
    expect(headingLevel('第十二章 附则')).toBe('h2');
    expect(headingLevel('Plain text')).toBeNull();
    expect(headingLevel('2024 was a year')).toBeNull();
  });
});
