import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { mailsTo, setLanguage, userIdOf } from '../../test/notifications';
import { isLocalAddress, placeOf } from './place';

describe('the place of an address', () => {
  it('is the country, in the member language, from the offline table', async () => {
    expect(await placeOf('8.8.8.8', 'en')).toBe('United States of America');
    expect(await placeOf('211.234.10.1', 'ko')).toBe('대한민국');
    expect(await placeOf('211.234.10.1', 'zh')).toBe('韩国');
    expect(await placeOf('211.234.10.1', 'ja')).toBe('大韓民国');
    expect(await placeOf('2001:4860:4860::8888', 'en')).toBe('United States of America');
    expect(await placeOf('::ffff:211.234.10.1', 'en')).toBe('South Korea');
  });

  it('is the local network for loopback and private addresses', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:192.168.0.2',
    ])
      expect(isLocalAddress(ip), ip).toBe(true);
    expect(isLocalAddress('8.8.8.8')).toBe(false);
    expect(await placeOf('192.168.1.10', 'zh')).toBe('本地网络');
    expect(await placeOf('::1', 'ja')).toBe('ローカルネットワーク');
  });

  it('is unknown for an address the table lacks, or none', async () => {
    expect(await placeOf('1.1.1.1', 'en')).toBe('unknown');
    expect(await placeOf(null, 'ko')).toBe('알 수 없음');
    expect(await placeOf('not an address', 'en')).toBe('unknown');
  });
});

describe('the new-device sign-in email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, device: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/password',
      headers: { 'user-agent': device },
      remoteAddress,
      payload: { email, password: PASSWORD },
    });

  it('says where the sign-in came from, in the member language', async () => {
    const user = await registerUser(t);
    await setLanguage(t, await userIdOf(t, user.email), 'ja');
    expect((await signIn(user.email, 'Device One/1.0', '211.234.10.1')).statusCode).toBe(200);
    expect((await signIn(user.email, 'Device Two/1.0', '192.168.7.7')).statusCode).toBe(200);
    const mails = (await mailsTo(t, user.email)).filter((m) => m.subject.includes('新しい端末'));
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text_body).toContain('IP アドレス：211.234.10.1\n場所：大韓民国\n');
    expect(mails[1]?.text_body).toContain('場所：ローカルネットワーク\n');
  });
});
