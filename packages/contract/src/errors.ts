import { z } from 'zod';
import type { Language, Translated } from './languages';

type ErrorSpec = { readonly status: number; readonly message: Translated };

const e = (status: number, en: string, zh: string, ko: string, ja: string): ErrorSpec => ({
  status,
  message: { en, zh, ko, ja },
});

/**
 * Every error code the API can answer with. Codes are stable identifiers: clients branch on them,
 * so a code is never renamed or reused for another meaning. The Translated type makes each message
 * exist in all four languages.
 */
export const ERRORS = {
  VALIDATION_FAILED: e(400, 'Some fields are not valid.', '部分字段无效。', '일부 항목이 올바르지 않습니다.', '入力内容に誤りがあります。'),
  BAD_REQUEST: e(400, 'The request could not be read.', '请求无法解析。', '요청을 읽을 수 없습니다.', 'リクエストを読み取れません。'),
  UNAUTHORIZED: e(401, 'Please log in again.', '请重新登录。', '다시 로그인해 주세요.', 'もう一度ログインしてください。'),
  FORBIDDEN: e(
    403,
    'You are not allowed to do this.',
    '您无权执行此操作。',
    '이 작업을 수행할 권한이 없습니다.',
    'この操作を行う権限がありません。',
  ),
  NOT_FOUND: e(404, 'Not found.', '未找到。', '찾을 수 없습니다.', '見つかりません。'),
  METHOD_NOT_ALLOWED: e(
    405,
    'This method is not allowed here.',
    '不允许此请求方法。',
    '허용되지 않는 요청 방식입니다.',
    'このメソッドは許可されていません。',
  ),
  PAYLOAD_TOO_LARGE: e(413, 'The request is too large.', '请求内容过大。', '요청이 너무 큽니다.', 'リクエストが大きすぎます。'),
  UNSUPPORTED_MEDIA_TYPE: e(
    415,
    'This content type is not supported.',
    '不支持该内容类型。',
    '지원하지 않는 콘텐츠 형식입니다.',
    'このコンテンツ形式には対応していません。',
  ),
  RATE_LIMITED: e(
    429,
    'Too many requests. Please try again later.',
    '请求过于频繁，请稍后再试。',
    '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    'リクエストが多すぎます。しばらくしてから再試行してください。',
  ),
  INTERNAL: e(
    500,
    'Something went wrong on our side. Please try again.',
    '服务器出错，请重试。',
    '서버 오류가 발생했습니다. 다시 시도해 주세요.',
    'サーバーでエラーが発生しました。もう一度お試しください。',
  ),
  SERVICE_UNAVAILABLE: e(
    503,
    'The service is temporarily unavailable.',
    '服务暂时不可用。',
    '서비스를 일시적으로 사용할 수 없습니다.',
    'サービスは一時的に利用できません。',
  ),
  AMOUNT_INVALID: e(400, 'Enter a valid amount.', '请输入正确的金额。', '올바른 금액을 입력해 주세요.', '正しい金額を入力してください。'),
  AMOUNT_NOT_POSITIVE: e(
    400,
    'The amount must be greater than 0.',
    '金额必须大于0。',
    '금액은 0보다 커야 합니다.',
    '金額は0より大きくしてください。',
  ),
  AMOUNT_TOO_PRECISE: e(
    400,
    'The amount has more decimal places than this currency allows.',
    '金额的小数位数超过该币种允许的位数。',
    '금액의 소수점 자릿수가 이 통화의 허용 범위를 초과합니다.',
    '金額の小数点以下の桁数がこの通貨の上限を超えています。',
  ),
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code].message[language];
}

export const fieldIssueSchema = z.object({
  path: z.string().describe('Dotted path of the failing field, e.g. "body.amount"'),
  code: z.string().describe('Machine-readable reason'),
  message: z.string().describe("Reason in the request's language"),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The one shape of every error reply. */
export const errorReplySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z
        .object({ fields: z.array(fieldIssueSchema).optional() })
        .catchall(z.unknown())
        .optional(),
    }),
  })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReplySchema>;
