import { LIMITS } from '@wallet/contract';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { retryAfterSeconds } from '../lib/error-details';
import { useCountdown } from '../lib/use-countdown';

/** What the send-code calls answer (sendCodeReplySchema). */
export type CodeSent = { resendAfterSeconds: number };

type Props = {
  /** Asks for the code; resolves null when nothing was sent (e.g. the email is not valid yet). */
  send: () => Promise<CodeSent | null>;
  onError: (error: unknown) => void;
  disabled?: boolean;
};

/**
 * "Send code", then a countdown until another may be asked for (60 s, enforced by the server too).
 * When the server says it is too soon, the countdown starts from the seconds it names.
 */
export function SendCodeButton({ send, onError, disabled = false }: Props) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const reply = await send();
      if (!reply) return;
      setSentOnce(true);
      start(reply.resendAfterSeconds || LIMITS.auth.codeResendSeconds);
      Toast.show({ content: t('code.sent'), duration: LIMITS.client.toastDurationMs });
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (error instanceof ApiError && error.code === 'CODE_RESEND_TOO_SOON' && wait) {
        setSentOnce(true);
        start(wait);
      }
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      data-testid="send-code"
      disabled={disabled || secondsLeft > 0}
      loading={busy}
      onClick={() => void onClick()}
    >
      {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : sentOnce ? t('code.resend') : t('code.send')}
    </Button>
  );
}
