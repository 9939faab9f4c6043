import { expect, it } from 'vitest';
import { pickLanguage } from './languages';

it('picks the best supported language from Accept-Language', () => {
  expect(pickLanguage(undefined)).toBe('en');
  expect(pickLanguage('ja')).toBe('ja');
  expect(pickLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
  expect(pickLanguage('fr-FR,fr;q=0.9,ko;q=0.5')).toBe('ko');
  expect(pickLanguage('en;q=0.2,ja;q=0.8')).toBe('ja');
  expect(pickLanguage('de')).toBe('en');
  expect(pickLanguage('ko;q=0')).toBe('en');
});
