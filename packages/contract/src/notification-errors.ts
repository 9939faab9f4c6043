import { e } from './error-spec';

/** Errors of notifications and the live stream; part of ERRORS. */
export const NOTIFICATION_ERRORS = {
  NOTIFICATION_ID_INVALID: e(
    400,
    'That message could not be found. Refresh the list and try again.',
    '找不到该消息，请刷新列表后重试。',
    '해당 메시지를 찾을 수 없습니다. 목록을 새로 고친 뒤 다시 시도해 주세요.',
    'このメッセージが見つかりません。一覧を更新してもう一度お試しください。',
  ),
  LIVE_STREAMS_TOO_MANY: e(
    429,
    'Too many windows of the app are open. Close some and try again.',
    '打开的应用窗口过多，请关闭部分后重试。',
    '열려 있는 앱 창이 너무 많습니다. 일부를 닫고 다시 시도해 주세요.',
    'アプリのウィンドウが多すぎます。いくつか閉じてからもう一度お試しください。',
  ),
} as const;
