import type { ErrorCode } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { checkForm, type FieldIssue, type FormSchema, serverFieldIssues } from './form-issues';
import { useAppStore } from './store';
import { useErrorText } from './use-error-text';

type Options = {
  /** Error codes that belong next to one field rather than above the button, e.g. EMAIL_TAKEN -> email. */
  fieldOf?: Partial<Record<ErrorCode, string>>;
  /** Fields whose message goes stale when another changes, e.g. network -> address. */
  linked?: Record<string, readonly string[]>;
};

/**
 * An antd-mobile form checked with a contract schema before sending, showing each problem next to
 * its field: the schema's own findings, the server's VALIDATION_FAILED fields, and codes that name
 * a field. Any other failure is kept as `failure` for <FormFailure> above the submit button.
 */
export function useApiForm<T>(schema: FormSchema<T>, { fieldOf = {}, linked = {} }: Options = {}) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const errorText = useErrorText();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<unknown>(null);

  const showIssues = useCallback(
    (issues: FieldIssue[]) => form.setFields(issues.map(({ field, message }) => ({ name: field, errors: [message] }))),
    [form],
  );

  /** The parsed body, or null after showing what is wrong. `part` checks some fields alone (the email before sending a code). */
  const check = <P = T>(values: unknown, part?: FormSchema<P>): P | null => {
    setFailure(null);
    const generic = { required: t('form.required'), tooLong: t('form.tooLong'), invalid: t('form.invalid') };
    const result = checkForm<P>(part ?? (schema as unknown as FormSchema<P>), values, language, generic);
    if (result.ok) {
      // A fresh attempt: what the server said about the last one no longer stands.
      if (!part) form.setFields(Object.keys(form.getFieldsValue()).map((name) => ({ name, errors: [] })));
      return result.data;
    }
    showIssues(result.issues);
    return null;
  };

  const showError = (error: unknown) => {
    const issues = serverFieldIssues(error);
    const field = error instanceof ApiError ? fieldOf[error.code as ErrorCode] : undefined;
    if (issues.length > 0) showIssues(issues);
    else if (field) showIssues([{ field, message: errorText(error) }]);
    else setFailure(error);
  };

  /** Editing a field clears what was said about it (and about the fields linked to it). */
  const onValuesChange = (changed: Record<string, unknown>) => {
    const names = Object.keys(changed).flatMap((name) => [name, ...(linked[name] ?? [])]);
    form.setFields(names.map((name) => ({ name, errors: [] })));
    setFailure(null);
  };

  return { form, failure, check, showError, showIssues, onValuesChange, clearFailure: () => setFailure(null) };
}
