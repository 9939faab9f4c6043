import { changePasswordBodySchema, emailSchema, registerBodySchema, updateProfileBodySchema } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { checkForm, fieldSchema, serverFieldIssues, textValues } from './form-issues';

const generic = { required: 'REQUIRED', tooLong: 'TOO_LONG', invalid: 'INVALID' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('checking forms with the contract schemas', () => {
  it('shows the catalogue message of a refinement next to its field, in the language asked for', () => {
    const result = checkForm(
      registerBodySchema,
      { email: 'a@example.com', code: '123456', password: 'abc12345', confirmPassword: 'abc123456', network: 'TRON', address: TRON },
      'ko',
      generic,
    );
    expect(result).toEqual({ ok: false, issues: [{ field: 'confirmPassword', message: '비밀번호가 일치하지 않습니다.' }] });
  });

  it('checks the address against the chosen network', () => {
    const result = checkForm(
      registerBodySchema,
      { email: 'a@example.com', code: '123456', password: 'abc12345', confirmPassword: 'abc12345', network: 'BSC', address: TRON },
      'en',
      generic,
    );
    expect(result.ok ? [] : result.issues).toEqual([{ field: 'address', message: 'This is not a valid address for the chosen network.' }]);
  });

  it('keeps the first issue of each field and words zod’s own checks generically', () => {
    const result = checkForm(
      changePasswordBodySchema,
      { oldPassword: '', password: 'abc12345', confirmPassword: 'abc12345' },
      'en',
      generic,
    );
    expect(result.ok ? [] : result.issues).toEqual([{ field: 'oldPassword', message: 'REQUIRED' }]);
  });

  it('gives the parsed body when all is well', () => {
    expect(checkForm(updateProfileBodySchema, { nickname: ' Ada ' }, 'en', generic)).toEqual({ ok: true, data: { nickname: 'Ada' } });
  });

  it('checks one field alone', () => {
    const result = checkForm(fieldSchema('email', emailSchema), { email: 'nope', code: '' }, 'zh', generic);
    expect(result.ok ? [] : result.issues).toEqual([{ field: 'email', message: '请输入正确的邮箱地址。' }]);
  });
});

describe('server replies', () => {
  it('puts VALIDATION_FAILED fields next to the form fields', () => {
    const error = new ApiError('VALIDATION_FAILED', 'Some fields are not valid.', 400, {
      fields: [{ path: 'body.address', code: 'ADDRESS_INVALID', message: 'Not valid' }],
    });
    expect(serverFieldIssues(error)).toEqual([{ field: 'address', message: 'Not valid' }]);
    expect(serverFieldIssues(new ApiError('LOGIN_FAILED', 'x', 400))).toEqual([]);
  });

  it('reads blank inputs as empty text', () => {
    expect(textValues({ email: undefined, code: '12' }, ['email', 'code'])).toEqual({ email: '', code: '12' });
  });
});
