import { describe, expect, it } from 'vitest';
import { alipayPayeeInputSchema, bankPayeeInputSchema, isAdultBirthDate, isResidentIdNumber, payeeSaveBodySchema } from './payout';

describe('mainland ID numbers', () => {
  it('takes the check character of ISO 7064 MOD 11-2, X included, and a real birth date', () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true);
    expect(isResidentIdNumber('110105194912310021')).toBe(false);
    expect(isResidentIdNumber('11010519491331002X')).toBe(false);
    expect(isResidentIdNumber('11010519491231002')).toBe(false);
  });
});

describe('payee forms', () => {
  const today = new Date('2026-11-24T00:00:00Z');
  it('counts adults to the day', () => {
    expect(isAdultBirthDate('2008-11-24', today)).toBe(true);
    expect(isAdultBirthDate('2008-11-25', today)).toBe(false);
    expect(isAdultBirthDate('1899-01-01', today)).toBe(false);
    expect(isAdultBirthDate('1990-02-30', today)).toBe(false);
  });

  it('cleans what people type: spaces in card numbers and phones, a lower-case x', () => {
    const parsed = bankPayeeInputSchema.parse({
      kind: 'bank',
      name: ' 张三 ',
      idNumber: '11010519491231002x',
      bankName: '招商银行',
      accountNumber: '6222 0212 3456 7890',
      phone: '139 0013 9000',
    });
    expect(parsed).toMatchObject({ name: '张三', idNumber: '11010519491231002X', accountNumber: '6222021234567890', phone: '13900139000' });
  });

  it('names the field and the code of each mistake', () => {
    const result = alipayPayeeInputSchema.safeParse({
      kind: 'alipay',
      alipayAccount: 'someone',
      lastName: '',
      firstName: '三',
      birthDate: '1950-01-01',
      city: '上海',
      address: '浦东',
      idNumber: '11010519491231002X',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['alipayAccount', 'PAYEE_ALIPAY_ACCOUNT_INVALID'],
        ['lastName', 'PAYEE_NAME_INVALID'],
      ]),
    );
  });

  it('asks for exactly one of the emailed code and the payment password', () => {
    const payee = {
      kind: 'bank',
      name: '张三',
      idNumber: '11010519491231002X',
      bankName: '招商银行',
      accountNumber: '6222021234567890',
      phone: '13900139000',
    };
    expect(payeeSaveBodySchema.safeParse({ payee }).success).toBe(false);
    expect(payeeSaveBodySchema.safeParse({ payee, code: '123456', paymentPassword: '123456' }).success).toBe(false);
    expect(payeeSaveBodySchema.safeParse({ payee, paymentPassword: '123456' }).success).toBe(true);
  });
});
