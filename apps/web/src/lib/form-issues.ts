import { type ErrorCode, type IssueLike, isMissingIssue, issueTextWith, type Language } from '@wallet/contract';
import { ApiError } from './api-client';
import { errorMessageIn, isKnownErrorCode } from './i18n/error-messages';
import { issueTexts } from './i18n/packs';

/** One message to show under one field of a form. */
export type FieldIssue = { field: string; message: string };

type ZodLikeIssue = IssueLike & { readonly path: readonly PropertyKey[]; readonly message: string };

/** Anything with zod's safeParse: the contract's request schemas validate the forms too. */
export type FormSchema<T> = {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly ZodLikeIssue[] } };
};

/**
 * The app's texts for zod's own checks. `required` words an empty field; the others are kept for
 * callers, while the kind of issue is worded from its limits ("at most 64 characters").
 */
export type GenericTexts = { required: string; tooLong: string; invalid: string };

/**
 * Checks form values with a contract schema. The contract's refinements use error codes as their
 * messages (e.g. 'PASSWORDS_DO_NOT_MATCH'), shown here in the person's language; the first issue
 * of each field wins.
 */
export function checkForm<T>(
  schema: FormSchema<T>,
  values: unknown,
  language: Language,
  generic: GenericTexts,
): { ok: true; data: T } | { ok: false; issues: FieldIssue[] } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issues: FieldIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (issues.some((seen) => seen.field === field)) continue;
    // zod leaves the input out of its issues unless asked; the form's value tells empty from wrong.
    const withInput = 'input' in issue ? issue : { ...issue, input: valueAt(values, issue.path) };
    issues.push({ field, message: issueText(withInput, language, generic) });
  }
  return { ok: false, issues };
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let value = values;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The catalogue text when the schema names an error code; the form's own "required" text for an
 * empty field; otherwise a sentence for the kind of issue (length, number range, format, choice…),
 * never zod's message, which names patterns and types.
 */
export function issueText(issue: ZodLikeIssue, language: Language, generic: GenericTexts): string {
  if (isKnownErrorCode(issue.message)) return errorMessageIn(issue.message, language);
  if (isMissingIssue(issue)) return generic.required;
  return issueTextWith(issue, issueTexts(language));
}

/** The field messages of a 400 VALIDATION_FAILED reply: path "body.email" belongs to field "email". */
export function serverFieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  return (error.details?.fields ?? []).map((issue) => ({ field: issue.path.replace(/^body\./, ''), message: issue.message }));
}

/** Blank inputs as the schemas expect them: '' for text the person left empty (antd gives undefined). */
export function textValues<K extends string>(values: Partial<Record<K, unknown>>, fields: readonly K[]): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field, typeof values[field] === 'string' ? values[field] : ''])) as Record<K, string>;
}

/** Checks one field of the form alone, e.g. the email before a code is sent to it. */
export function fieldSchema<T>(field: string, schema: FormSchema<T>): FormSchema<T> {
  return {
    safeParse: (values) => {
      const result = schema.safeParse((values as Record<string, unknown> | null)?.[field]);
      if (result.success) return result;
      return { success: false, error: { issues: result.error.issues.map((issue) => ({ ...issue, path: [field, ...issue.path] })) } };
    },
  };
}

/** Failures about the emailed code, shown under the code field. */
export const CODE_ERROR_FIELDS = {
  CODE_INVALID: 'code',
  CODE_EXPIRED: 'code',
  CODE_TOO_MANY_ATTEMPTS: 'code',
  CODE_RESEND_TOO_SOON: 'code',
  MAIL_SEND_FAILED: 'code',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The server's refusals of an amount, shown under the form's `amount` field. */
export const AMOUNT_ERROR_FIELDS = {
  AMOUNT_INVALID: 'amount',
  AMOUNT_NOT_POSITIVE: 'amount',
  AMOUNT_TOO_PRECISE: 'amount',
  AMOUNT_TOO_MANY_DECIMALS: 'amount',
  AMOUNT_BELOW_MINIMUM: 'amount',
  INSUFFICIENT_BALANCE: 'amount',
} as const satisfies Partial<Record<ErrorCode, string>>;
