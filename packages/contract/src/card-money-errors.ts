import { e } from './error-spec';

/** Errors of card money, PIN and physical-card binding; part of ERRORS. */
export const CARD_MONEY_ERRORS = {
  CARD_NUMBER_INVALID: e(
    400,
    'This is not a valid card number. Check the digits printed on the card.',
    '卡号无效，请核对卡片上印制的数字。',
    '유효하지 않은 카드 번호입니다. 카드에 인쇄된 숫자를 확인해 주세요.',
    '無効なカード番号です。カードに印字された数字をご確認ください。',
  ),
  CARD_PIN_TOO_SIMPLE: e(
    400,
    'This PIN is too easy to guess. Avoid repeated digits and runs like 123456.',
    '该PIN过于简单，请勿使用重复数字或123456这类连续数字。',
    'PIN이 너무 쉽습니다. 같은 숫자 반복이나 123456 같은 연속된 숫자는 피해 주세요.',
    'PINが推測されやすすぎます。同じ数字の繰り返しや123456のような連番は避けてください。',
  ),
} as const;
