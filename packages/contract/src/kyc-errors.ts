import { e } from './error-spec';

/** Errors of the card KYC form beyond the photo and status ones in errors.ts; part of ERRORS. */
export const KYC_ERRORS = {
  KYC_COUNTRY_INVALID: e(
    400,
    'Choose the country from the list.',
    '请从列表中选择国家或地区。',
    '목록에서 국가 또는 지역을 선택해 주세요.',
    '国・地域を一覧から選んでください。',
  ),
} as const;
