import { e } from './error-spec';

/** Errors of statements (records exported as CSV or PDF); part of ERRORS. */
export const STATEMENT_ERRORS = {
  STATEMENT_DATE_INVALID: e(
    400,
    'Choose a valid start and end date.',
    '请选择有效的开始和结束日期。',
    '올바른 시작일과 종료일을 선택해 주세요.',
    '正しい開始日と終了日を選んでください。',
  ),
  STATEMENT_RANGE_REVERSED: e(
    400,
    'The start date must not be after the end date.',
    '开始日期不能晚于结束日期。',
    '시작일은 종료일보다 늦을 수 없습니다.',
    '開始日は終了日より後にできません。',
  ),
  STATEMENT_RANGE_TOO_LONG: e(
    400,
    'A statement can cover at most 366 days. Choose a shorter period.',
    '一份对账单最多涵盖366天，请缩短时间范围。',
    '거래 내역서는 최대 366일까지 조회할 수 있습니다. 기간을 줄여 주세요.',
    '取引明細書の期間は最長366日です。期間を短くしてください。',
  ),
  STATEMENT_IN_FUTURE: e(
    400,
    'The period must start today or earlier.',
    '开始日期不能晚于今天。',
    '시작일은 오늘 또는 그 이전이어야 합니다.',
    '開始日は今日以前にしてください。',
  ),
  STATEMENT_TIME_ZONE_INVALID: e(
    400,
    'The time zone is not recognised.',
    '无法识别该时区。',
    '시간대를 인식할 수 없습니다.',
    'タイムゾーンを認識できません。',
  ),
  STATEMENT_CARD_AND_CURRENCY: e(
    400,
    'A card statement is in the card currency: leave the currency out.',
    '卡对账单使用卡片币种，请勿指定币种。',
    '카드 거래 내역서는 카드 통화로 작성되므로 통화를 지정하지 마세요.',
    'カードの明細書はカードの通貨で作成されるため、通貨は指定しないでください。',
  ),
  STATEMENT_TOO_MANY_RECORDS: e(
    422,
    'This period has more than 20,000 records. Choose a shorter period.',
    '该时间段的记录超过20,000条，请缩短时间范围。',
    '이 기간의 내역이 20,000건을 넘습니다. 기간을 줄여 주세요.',
    'この期間の記録は20,000件を超えています。期間を短くしてください。',
  ),
} as const;
