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
} as const;
