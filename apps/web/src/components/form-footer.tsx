import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FormFailure } from './form-failure';

type Props = {
  /** Why the last submit was refused, if it was. */
  failure: unknown;
  submitLabel: ReactNode;
  loading: boolean;
  submitTestId?: string;
  /** Offered under the failure: a way past it (set the payment password, log in by code...). */
  failureAction?: ReactNode;
};

/** The end of every form: why it was refused, then the one submit button, the same on every screen. */
export function FormFooter({ failure, submitLabel, loading, submitTestId, failureAction }: Props) {
  return (
    <>
      <FormFailure error={failure}>{failureAction}</FormFailure>
      <Button block type="submit" color="primary" size="large" loading={loading} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  );
}
