import type { PayeeKind } from '@wallet/contract';
import { Form, Input, type InputProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BirthDateInput } from './birth-date-input';

/** The form of PRODUCT_SPEC.md section 3 for each kind: the flash exchange form (Alipay) and the payee (bank). */
export const PAYEE_FIELDS = {
  alipay: ['alipayAccount', 'lastName', 'firstName', 'birthDate', 'city', 'address', 'idNumber'],
  bank: ['name', 'idNumber', 'bankName', 'accountNumber', 'phone'],
} as const satisfies Record<PayeeKind, readonly string[]>;

export type PayeeField = (typeof PAYEE_FIELDS)[PayeeKind][number];

/** The phone's keyboard and the longest input that can be right, per field. */
const INPUTS: Partial<Record<PayeeField, Pick<InputProps, 'inputMode' | 'maxLength' | 'autoComplete'>>> = {
  alipayAccount: { inputMode: 'email', maxLength: 100 },
  lastName: { autoComplete: 'family-name', maxLength: 40 },
  firstName: { autoComplete: 'given-name', maxLength: 40 },
  name: { autoComplete: 'name', maxLength: 80 },
  city: { autoComplete: 'address-level2', maxLength: 60 },
  address: { autoComplete: 'street-address', maxLength: 200 },
  idNumber: { maxLength: 18 },
  bankName: { maxLength: 60 },
  accountNumber: { inputMode: 'numeric', maxLength: 23 },
  phone: { inputMode: 'tel', autoComplete: 'tel', maxLength: 13 },
};

/** One labelled input per field of the kind; test ids are payee-<field>. */
export function PayeeFields({ kind }: { kind: PayeeKind }) {
  const { t } = useTranslation();
  return PAYEE_FIELDS[kind].map((field) => (
    <Form.Item key={field} name={field} label={t(`payout.payee.fields.${field}`)} data-testid={`payee-${field}`}>
      {field === 'birthDate' ? (
        <BirthDateInput placeholder={t('payout.payee.hints.birthDate')} />
      ) : (
        <Input autoComplete="off" {...INPUTS[field]} placeholder={t(`payout.payee.hints.${field}`)} />
      )}
    </Form.Item>
  ));
}
