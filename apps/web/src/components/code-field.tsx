import { LIMITS } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from './digits-input';
import { type CodeSent, SendCodeButton } from './send-code-button';

type Props = {
  send: () => Promise<CodeSent | null>;
  onSendError: (error: unknown) => void;
  /** Form field name; the contract calls it `code` everywhere. */
  name?: string;
};

/** The emailed 6-digit code, with its send button and countdown at the end of the row. */
export function CodeField({ send, onSendError, name = 'code' }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('code.label')} extra={<SendCodeButton send={send} onError={onSendError} />} data-testid="code">
      <DigitsInput length={LIMITS.secrets.verificationCodeLength} placeholder={t('code.placeholder')} />
    </Form.Item>
  );
}
