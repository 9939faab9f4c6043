import { e } from './error-spec';

/** Errors of the web session cookie (ADR 0012); part of ERRORS. */
export const SESSION_ERRORS = {
  CSRF_TOKEN_INVALID: e(
    403,
    'This page is out of date. Reload it and try again.',
    '页面已过期，请刷新后重试。',
    '페이지 정보가 오래되었습니다. 새로고침한 후 다시 시도해 주세요.',
    'ページの情報が古くなっています。再読み込みしてからもう一度お試しください。',
  ),
  // A change made with the cookie from a page of another origin (ADR 0012): a second line behind the CSRF token.
  CROSS_SITE_REQUEST: e(
    403,
    'This request came from another website and was not carried out. Open the app itself and try again.',
    '该请求来自其他网站，未予处理。请直接打开本应用后重试。',
    '다른 사이트에서 보낸 요청이라 처리하지 않았습니다. 앱을 직접 열어 다시 시도해 주세요.',
    '他のサイトから送られたリクエストのため処理しませんでした。アプリを直接開いて、もう一度お試しください。',
  ),
} as const;
