import { describe, expect, it } from 'vitest';
import { detectPlatform, formatBytes, noteLines } from './platform';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe('detectPlatform', () => {
  it('tells Android, iPhone, iPad and computers apart', () => {
    expect(detectPlatform(UA.android)).toBe('android');
    expect(detectPlatform(UA.iphone)).toBe('ios');
    // iPadOS presents itself as a Mac; only its touch screen gives it away.
    expect(detectPlatform(UA.ipadOs, 5)).toBe('ios');
    expect(detectPlatform(UA.ipadOs, 0)).toBe('desktop');
    expect(detectPlatform(UA.windows)).toBe('desktop');
  });
});

describe('formatBytes', () => {
  it('reads like a file manager', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(900_000)).toBe('879 KB');
    expect(formatBytes(23_456_789)).toBe('22.4 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('noteLines', () => {
  it('splits notes into changes, dropping blanks and list marks', () => {
    expect(noteLines('- Faster\n\n* Clearer\n• Safer \nPlain')).toEqual(['Faster', 'Clearer', 'Safer', 'Plain']);
  });
});
