import { ERRORS, type FieldIssue, type Language } from '@wallet/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, z } from 'zod';
import { en, ja, ko, zhCN } from 'zod/locales';

/** Carries zod's issues from the validator to the error handler, which words them per language. */
export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Request validation failed');
  }
}

/**
 * Like fastify-type-provider-zod's compiler, but keeps zod's raw issues (with the input, needed to
 * word "expected string, received number") so messages can be given in the caller's language.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };

const LOCALES = { en: en(), zh: zhCN(), ko: ko(), ja: ja() } as const;

/**
 * A schema may name an error code of the catalogue as its message (e.g. `.refine(..., 'AMOUNT_INVALID')`);
 * zod's own default messages are translated with its locales; anything else is passed through.
 */
export function describeIssues(issues: z.core.$ZodIssue[], context: string | undefined, language: Language): FieldIssue[] {
  return issues.map((issue) => {
    const path = [context, ...issue.path.map(String)].filter(Boolean).join('.');
    const raw = issue as z.core.$ZodRawIssue;
    let message = issue.message;
    if (Object.hasOwn(ERRORS, issue.message)) {
      message = ERRORS[issue.message as keyof typeof ERRORS].message[language];
    } else if (issue.message === messageOf(LOCALES.en, raw)) {
      message = messageOf(LOCALES[language], raw) ?? issue.message;
    }
    const code = Object.hasOwn(ERRORS, issue.message) ? issue.message : issue.code;
    return { path, code, message };
  });
}

function messageOf(locale: { localeError: z.core.$ZodErrorMap }, issue: z.core.$ZodRawIssue): string | undefined {
  const out = locale.localeError(issue);
  return typeof out === 'string' ? out : out?.message;
}
