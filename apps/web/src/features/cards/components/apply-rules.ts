import type { RuleObject } from 'rc-field-form/es/interface';

/** The printed name: English letters first, then letters, spaces, dots, apostrophes and hyphens (the contract's rule). */
const ENGLISH_NAME = /^[A-Za-z][A-Za-z .'-]*$/;

export const SHIPPING_FIELDS = [
  'recipient',
  'phoneAreaCode',
  'phone',
  'postalCode',
  'country',
  'province',
  'city',
  'district',
  'address',
] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

/** The contract's longest text per field, kept by the input itself rather than refused afterwards. */
export const APPLY_MAX_LENGTH: Readonly<Record<'firstName' | 'lastName' | ShippingField, number>> = {
  firstName: 50,
  lastName: 50,
  recipient: 100,
  phoneAreaCode: 5,
  phone: 15,
  postalCode: 12,
  country: 60,
  province: 60,
  city: 60,
  district: 60,
  address: 200,
};
export type ApplyField = 'firstName' | 'lastName' | ShippingField | 'paymentPassword';

/** The sentence of one field's problem, e.g. `t('cardPack.apply.issues.phone')`. */
type IssueText = (key: Exclude<ApplyField, 'district'> | 'firstNameLetters' | 'lastNameLetters') => string;

/**
 * The opening form's rules, each with its own sentence: a rule without a message would be worded by
 * the form library ("does not match the pattern /^…$/" or one "Please fill this in." for every field).
 * The limits are the contract's (openCardBodySchema), so the server seldom refuses what passed here.
 */
export function applyRules(text: IssueText): Record<ApplyField, RuleObject[]> {
  const required = (field: Exclude<ApplyField, 'district'>): RuleObject => ({ required: true, whitespace: true, message: text(field) });
  const atLeast = (field: Exclude<ApplyField, 'district'>, min: number): RuleObject => ({ min, message: text(field) });
  return {
    firstName: [required('firstName'), { pattern: ENGLISH_NAME, message: text('firstNameLetters') }],
    lastName: [required('lastName'), { pattern: ENGLISH_NAME, message: text('lastNameLetters') }],
    recipient: [required('recipient')],
    phoneAreaCode: [required('phoneAreaCode'), { pattern: /^\+?\d{1,4}$/, message: text('phoneAreaCode') }],
    phone: [required('phone'), { pattern: /^\d{4,15}$/, message: text('phone') }],
    postalCode: [required('postalCode'), atLeast('postalCode', 2)],
    country: [required('country'), atLeast('country', 2)],
    province: [required('province')],
    city: [required('city')],
    district: [],
    address: [required('address'), atLeast('address', 3)],
    paymentPassword: [required('paymentPassword'), { len: 6, message: text('paymentPassword') }],
  };
}
