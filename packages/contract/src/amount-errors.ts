import { e } from './error-spec';

/**
 * Refusal of an amount a member typed with more decimals than the currency's `input` allows; part of
 * ERRORS. The reply's details carry { currency, decimals } so a client can name the one rule that applies.
 */
export const AMOUNT_ERRORS = {
  AMOUNT_TOO_MANY_DECIMALS: e(
    400,
    'Too many decimals: USDT, USD, HKD, CNY and EUR amounts can have at most 2, SBC and ABI at most 4, BTC and ETH at most 8; JPY and KRW are whole numbers.',
    '小数位数过多：USDT、USD、HKD、CNY、EUR 金额最多2位小数，SBC、ABI 最多4位，BTC、ETH 最多8位；JPY、KRW 只能是整数。',
    '소수점 자릿수가 너무 많습니다. USDT, USD, HKD, CNY, EUR 금액은 소수점 이하 2자리까지, SBC와 ABI는 4자리까지, BTC와 ETH는 8자리까지 입력할 수 있으며 JPY와 KRW는 정수만 가능합니다.',
    '小数点以下の桁数が多すぎます。USDT・USD・HKD・CNY・EURの金額は小数点以下2桁まで、SBC・ABIは4桁まで、BTC・ETHは8桁までで、JPY・KRWは整数のみです。',
  ),
} as const;
