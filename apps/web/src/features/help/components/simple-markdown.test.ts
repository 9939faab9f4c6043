import fc from 'fast-check';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/locales/en';
import { MarkdownText } from './markdown';
import { OperatorMarkdown, parseSimpleMarkdown, safeUrl } from './simple-markdown';

/** The small renderer of home's pop-up must draw what react-markdown draws, or leave the text to it. */
const full = (source: string) => renderToStaticMarkup(createElement(MarkdownText, { source }));
const simple = (source: string) => renderToStaticMarkup(createElement(OperatorMarkdown, { source }));

beforeAll(async () => {
  Object.assign(globalThis, { window: { location: { origin: 'https://wallet.example' } } });
  await i18next.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: 'en', showSupportNotice: false });
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

const ANNOUNCEMENTS = [
  `SBC Wallet staff will **never** ask you for your login password: not by phone.

- Use only the contacts listed under [Contact support](#/pages/service/index).
- Check **Settings → Signed-in devices** now and then.

Thank you for helping us keep your account safe.`,
  `SBC Wallet 工作人员**绝不会**向您索要登录密码。

- 请只使用官方应用，以及[联系客服](#/pages/service/index)页面列出的联系方式。
- 请定期在 **设置 → 已登录设备** 中检查。

感谢您与我们一起守护账户安全。`,
  `公式アプリのみをご利用ください。認証コードをお尋ねすることは**一切ありません**。\n\n1. Open **Flash exchange** on the home screen.\n2. Enter the amount.`,
  '## Steps\n\n3. *Open* the `app`\n4. [Read](https://example.com/x?y=1) and [bad](javascript:alert)\n\n# Two\n\nLast line\nand its *second* one',
];

describe('simple Markdown', () => {
  it('draws the announcements as react-markdown does, without loading it', () => {
    for (const source of ANNOUNCEMENTS) {
      expect(parseSimpleMarkdown(source)).not.toBeNull();
      expect(simple(source)).toBe(full(source));
    }
  });

  it('leaves everything else to react-markdown', () => {
    for (const source of [
      '> quoted',
      '```\ncode\n```',
      '![logo](/icon.svg)',
      'a <b>bold</b>',
      'snake_case',
      'a\\*b',
      '- a\n\n- b',
      '- a\n  - nested',
      'para\n- item',
      '- item\nlazy',
      '***',
      'Title\n===',
      '**a *b* c**',
      '[a][ref]',
      'x &amp; y',
      'line  \nbreak',
    ]) {
      expect(parseSimpleMarkdown(source), source).toBeNull();
      // Still drawn, by react-markdown once it is in: the placeholder is empty meanwhile.
      expect(simple(source)).toBe('');
    }
  });

  it('empties unsafe addresses as react-markdown does', () => {
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,x')).toBe('');
    expect(safeUrl('https://example.com')).toBe('https://example.com');
    expect(safeUrl('#/pages/x?a=b:c')).toBe('#/pages/x?a=b:c');
  });

  it('never draws a text differently from react-markdown', () => {
    const piece = fc.constantFrom(
      'a',
      'word',
      ' ',
      '\n',
      '\n\n',
      '*',
      '**',
      '`',
      '[',
      ']',
      '(',
      ')',
      '#',
      '# ',
      '- ',
      '* ',
      '+ ',
      '1. ',
      '2. ',
      '.',
      ',',
      '!',
      '→',
      '中文',
      'https://x.example/p',
      '#/pages/a',
      'javascript:x',
      ':',
      '-',
      '=',
      '>',
      '~',
      '|',
    );
    let drawn = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const source = pieces.join('');
        if (parseSimpleMarkdown(source) === null) return;
        drawn += 1;
        expect(simple(source)).toBe(full(source));
      }),
      { numRuns: 3000 },
    );
    // The comparison must have met a fair share of texts the small renderer draws itself.
    expect(drawn).toBeGreaterThan(300);
  });
});
