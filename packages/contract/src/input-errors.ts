import { e } from './error-spec';

/**
 * Refusals of malformed input: text with control characters, and the HTTP-level limits
 * Fastify and Node's HTTP server enforce before a route runs. Part of ERRORS.
 */
export const INPUT_ERRORS = {
  TEXT_INVALID_CHARACTERS: e(
    400,
    'This text contains invisible control characters. Please remove them and try again.',
    '该文本包含不可见的控制字符，请删除后重试。',
    '이 텍스트에 보이지 않는 제어 문자가 들어 있습니다. 삭제한 후 다시 시도해 주세요.',
    'このテキストには目に見えない制御文字が含まれています。削除してからもう一度お試しください。',
  ),
  URI_TOO_LONG: e(
    414,
    'The address of this request is too long.',
    '请求地址过长。',
    '요청 주소가 너무 깁니다.',
    'リクエストのアドレスが長すぎます。',
  ),
  HEADERS_TOO_LARGE: e(
    431,
    'The request headers are too large.',
    '请求头过大。',
    '요청 헤더가 너무 큽니다.',
    'リクエストヘッダーが大きすぎます。',
  ),
  NOT_ACCEPTABLE: e(
    406,
    'This reply format is not available.',
    '无法提供所请求的响应格式。',
    '요청한 응답 형식을 제공할 수 없습니다.',
    '要求された応答形式には対応していません。',
  ),
  REQUEST_TIMEOUT: e(
    408,
    'The request took too long to arrive. Please try again.',
    '请求传输超时，请重试。',
    '요청 전송 시간이 초과되었습니다. 다시 시도해 주세요.',
    'リクエストの受信に時間がかかりすぎました。もう一度お試しください。',
  ),
} as const;
