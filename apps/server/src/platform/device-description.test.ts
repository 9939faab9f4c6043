import { describe, expect, it } from 'vitest';
import { describeDevice, deviceInMail } from './device-description';

describe('describeDevice', () => {
  it('names the browser and system of the common user-agents', () => {
    const cases: Array<[string, string]> = [
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome · Linux'],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
        'Chrome · Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari · iOS',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0', 'Microsoft Edge · Windows'],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'Safari · macOS',
      ],
      ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox · Linux'],
      [
        'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
        'Samsung Internet · Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN',
        'WeChat · iOS',
      ],
    ];
    for (const [userAgent, description] of cases) expect(describeDevice(userAgent), userAgent).toBe(description);
  });

  it('says nothing of what it does not know, rather than repeat the header', () => {
    for (const userAgent of [undefined, '', 'unknown device', 'curl/8.5.0', 'Mozilla/5.0 (Thief Phone)', '=HYPERLINK("x")/1.0 (evil)'])
      expect(describeDevice(userAgent), String(userAgent)).toBe('');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) SBCWallet/2.3')).toBe('iOS');
  });

  it('gives a mail "unknown device" in its language when nothing is known', () => {
    expect(deviceInMail('curl/8.5.0', 'zh')).toBe('未知设备');
    expect(deviceInMail(undefined, 'ja')).toBe('不明な端末');
    expect(deviceInMail('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', 'ko')).toBe('Chrome · Linux');
  });
});
