import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect, withQuery, withRedirect } from './redirect';

describe('redirects after signing in', () => {
  it('follows in-app paths only', () => {
    expect(safeRedirect('/pages/password_pay/index')).toBe('/pages/password_pay/index');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('never points back at a sign-in page', () => {
    expect(safeRedirect('/pages/login/index')).toBeNull();
    expect(safeRedirect('/pages/register/index?invite=AB')).toBeNull();
  });

  it('carries the target encoded, or nothing', () => {
    expect(loginPathFor('/pages/bindingAddress/index?x=1')).toBe('/pages/login/index?redirect=%2Fpages%2FbindingAddress%2Findex%3Fx%3D1');
    expect(withRedirect('/pages/register/index', null)).toBe('/pages/register/index');
    expect(withRedirect('/pages/register/index', '//evil')).toBe('/pages/register/index');
    expect(withRedirect('/pages/collectionDui/index?choose=bank', '/pages/duihuan/index')).toBe(
      '/pages/collectionDui/index?choose=bank&redirect=%2Fpages%2Fduihuan%2Findex',
    );
  });

  it('sets parameters, keeping the others a path has', () => {
    expect(withQuery('/pages/huichu/index', { payee: 'a b' })).toBe('/pages/huichu/index?payee=a+b');
    expect(withQuery('/pages/huichu/index?x=1', { payee: 'p' })).toBe('/pages/huichu/index?x=1&payee=p');
    expect(withQuery('/pages/huichu/index?payee=old&x=1', { payee: 'new' })).toBe('/pages/huichu/index?payee=new&x=1');
    expect(withQuery('/pages/huichu/index', {})).toBe('/pages/huichu/index');
  });
});
