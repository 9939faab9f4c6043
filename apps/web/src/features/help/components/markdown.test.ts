import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/locales/en';
import { isInAppLink, isOwnImage, MarkdownText } from './markdown';

/** Operator Markdown as members get it: no HTML of its own, no script, links outside, images only from the app. */
const ORIGIN = 'https://wallet.example';
const render = (markdown: string) => renderToStaticMarkup(createElement(MarkdownText, { source: markdown }));

beforeAll(async () => {
  Object.assign(globalThis, { window: { location: { origin: ORIGIN } } });
  await i18next.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: 'en', showSupportNotice: false });
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

describe('operator Markdown', () => {
  it('renders the usual Markdown', () => {
    const html = render('## Steps\n\n1. **Open** the app\n2. Tap `Top up`\n\n> Note');
    expect(html).toContain('<h3>Steps</h3>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>Open</strong>');
    expect(html).toContain('<code>Top up</code>');
    expect(html).toContain('<blockquote>');
  });

  it('drops raw HTML: no script, no handlers, no iframes', () => {
    const html = render(
      'Hello <script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\n<b onclick="x()">bold</b>',
    );
    expect(html).not.toMatch(/<script|<iframe|onerror|onclick|<img|<b[ >]/i);
    expect(html).toContain('Hello');
  });

  it('empties unsafe link addresses and keeps their words', () => {
    const html = render('[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=) and [vb](vbscript:x)');
    expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
    expect(html).not.toContain('<a');
    expect(html).toContain('click');
  });

  it('opens links outside the app, without an opener, and in-app routes in place', () => {
    const outside = render('[Tronscan](https://tronscan.org) [mail](mailto:help@example.com)');
    expect(outside).toContain('<a href="https://tronscan.org" target="_blank" rel="noopener noreferrer">Tronscan</a>');
    expect(outside).toContain('<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail</a>');
    const inApp = render('[Contact support](#/pages/service/index) [anchor](#top)');
    expect(inApp).toContain('<a href="#/pages/service/index">Contact support</a>');
    expect(inApp).toContain('<span>anchor</span>');
  });

  it('loads no image from another host: only the app origin, else the description', () => {
    const html = render('![tracker](https://cdn.example.com/pixel.png) ![proto](//cdn.example.com/a.png) ![own](/help/steps.png)');
    expect(html).not.toContain('cdn.example.com');
    expect(html).toContain('<img src="/help/steps.png" alt="own" loading="lazy"/>');
    expect(html).toContain(en.help.markdown.image.replace('{{alt}}', 'tracker'));
  });
});

describe('addresses', () => {
  it('tells in-app routes and own images apart', () => {
    expect(isInAppLink('#/pages/workOrder/index')).toBe(true);
    expect(isInAppLink('https://x.example/#/pages')).toBe(false);
    expect(isOwnImage('/a.png', ORIGIN)).toBe(true);
    expect(isOwnImage('img/a.png', ORIGIN)).toBe(true);
    expect(isOwnImage(`${ORIGIN}/a.png`, ORIGIN)).toBe(true);
    expect(isOwnImage('https://other.example/a.png', ORIGIN)).toBe(false);
    expect(isOwnImage('//other.example/a.png', ORIGIN)).toBe(false);
    expect(isOwnImage('', ORIGIN)).toBe(false);
  });
});
