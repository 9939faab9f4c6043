import { type KycBody, kycBodySchema } from '@wallet/contract';
import { type DateProblem, dateProblems, sentExpiry } from '../../lib/dates';
import type { FieldIssue } from '../../lib/form-issues';
import { countryName } from './countries';

/** The KYC form's fields as antd-mobile holds them: flat, the address too. */
export type KycValues = {
  documentType: KycBody['documentType'];
  firstName: string;
  lastName: string;
  nationality: string;
  documentNumber: string;
  issueDate: string;
  expiryDate: string;
  noExpiry: boolean;
  phoneAreaCode: string;
  phone: string;
  email: string;
  country: string;
  houseNumber: string;
  street: string;
  district: string;
  postcode: string;
  city: string;
};

export const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'nationality',
  'documentNumber',
  'issueDate',
  'expiryDate',
  'phoneAreaCode',
  'phone',
  'email',
  'country',
  'houseNumber',
  'street',
  'district',
  'postcode',
  'city',
] as const satisfies ReadonlyArray<keyof KycValues>;
export type KycField = (typeof TEXT_FIELDS)[number];

/** Whatever antd gave (undefined for untouched fields) as the form's values. */
export function kycValues(raw: Record<string, unknown>): KycValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, typeof raw[f] === 'string' ? raw[f] : ''])) as Record<KycField, string>;
  return { ...text, documentType: raw.documentType === 'passport' ? 'passport' : 'id_card', noExpiry: raw.noExpiry === true };
}

/** The body the contract expects, from the form's values; the address country is where the member lives. */
export function kycBody(values: KycValues, cardId: string): KycBody {
  return {
    cardId,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneAreaCode: values.phoneAreaCode.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    country: values.country,
    address: {
      houseNumber: values.houseNumber,
      street: values.street,
      district: values.district,
      postcode: values.postcode,
      city: values.city,
      country: values.country,
    },
    documentType: values.documentType,
    nationality: values.nationality,
    documentNumber: values.documentNumber.trim(),
    issueDate: values.issueDate,
    expiryDate: sentExpiry(values.expiryDate, values.noExpiry),
  };
}

/** The sentence for a field: one per field (or per date problem), never the schema's raw pattern. */
export type IssueText = (key: KycField | DateProblem) => string;

/**
 * Checks the form with the contract's schema plus what it cannot know (real countries, dates against
 * today), each problem as one sentence under its field. The body when all is well.
 */
export function checkKyc(
  values: KycValues,
  cardId: string,
  now: Date,
  text: IssueText,
): { ok: true; body: KycBody } | { ok: false; issues: FieldIssue[] } {
  const body = kycBody(values, cardId);
  const issues = new Map<string, string>();
  const parsed = kycBodySchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      // "address.city" is the form's "city"; the address country is the residence country.
      const field = String(issue.path.at(-1));
      const name = issue.path[0] === 'address' && field === 'country' ? 'country' : field;
      if ((TEXT_FIELDS as readonly string[]).includes(name) && !issues.has(name)) issues.set(name, text(name as KycField));
    }
  for (const field of ['country', 'nationality'] as const)
    if (!issues.has(field) && !countryName(values[field], 'en')) issues.set(field, text(field));
  for (const [field, problem] of Object.entries(dateProblems(values, now))) issues.set(field, text(problem));
  if (issues.size > 0) return { ok: false, issues: [...issues].map(([field, message]) => ({ field, message })) };
  return { ok: true, body: parsed.success ? parsed.data : body };
}
