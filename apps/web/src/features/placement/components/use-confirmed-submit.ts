import type { ErrorCode } from '@wallet/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import type { FormSchema } from '../../../lib/form-issues';
import { showToast } from '../../../lib/toast';
import { useApiForm } from '../../../lib/use-api-form';
import type { Keyed } from '../api/rounds';
import { usePasswordForm } from './pay-sheet';

/** A keyed POST whose body is the draft plus the payment password (the placement and node mutations). */
type KeyedMutation<D> = {
  mutate(
    variables: Keyed<D & { paymentPassword: string }>,
    options: { onSuccess: (reply: unknown) => void; onError: (error: Error) => void },
  ): void;
  isPending: boolean;
};

type Options<D> = {
  /** The draft's schema: the form's fields, checked before the sheet opens. */
  schema: FormSchema<D>;
  /** Refusals about one field: they go back to it, with the sheet closed. */
  fieldErrors: Partial<Record<ErrorCode, string>>;
  /** Other refusals that also close the sheet and show on the form, each with what else to do first. */
  formErrors?: Partial<Record<ErrorCode, () => void>>;
  mutation: KeyedMutation<D>;
  /** The toast after a success (read then, in the language of the moment). */
  doneText: () => string;
  /** What else to clear after a success, before the form's fields are reset. */
  onDone?: () => void;
};

/**
 * A form whose checked values (the draft) are confirmed on the payment-password sheet, as every
 * placement and node form is: one Idempotency-Key per draft, so a retry of the same draft sends the
 * same key. A success resets the form and says so; a refusal about a field closes the sheet and shows
 * it there, any other refusal stays on the sheet.
 */
export function useConfirmedSubmit<D>({ schema, fieldErrors, formErrors = {}, mutation, doneText, onDone }: Options<D>) {
  const form = useApiForm(schema, { fieldOf: fieldErrors });
  const password = usePasswordForm();
  const keys = useAttemptKeys();
  const [draft, setDraft] = useState<D | null>(null);

  /** Opens the sheet on a checked draft. */
  const review = (next: D) => {
    password.clearFailure();
    setDraft(next);
  };

  const onSubmit = (paymentPassword: string) => {
    if (!draft) return;
    mutation.mutate(
      { body: { ...draft, paymentPassword }, idempotencyKey: keys.keyFor(JSON.stringify(draft)) },
      {
        onSuccess: keys.done(() => {
          setDraft(null);
          onDone?.();
          form.form.resetFields();
          showToast({ content: doneText() });
        }),
        onError: (error) => {
          const alsoDo =
            error instanceof ApiError && Object.hasOwn(formErrors, error.code) ? formErrors[error.code as ErrorCode] : undefined;
          if (alsoDo) {
            setDraft(null);
            alsoDo();
            form.showError(error);
          } else if (error instanceof ApiError && error.code in fieldErrors) {
            setDraft(null);
            form.showError(error);
          } else password.showError(error);
        },
      },
    );
  };

  return {
    form,
    draft,
    review,
    /** The PaySheet's props that follow the draft. */
    sheet: { visible: draft !== null, form: password, onSubmit, onClose: () => setDraft(null), pending: mutation.isPending },
  };
}
