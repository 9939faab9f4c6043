import type { CookieSessionReply, SecondFactorChallengeReply, WebLoginReply } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card';
import { ProofForm } from '../../components/proof-form';
import proofStyles from '../../components/proof-sheet.module.css';
import { useStartSession } from '../../lib/session';
import { finishSignIn, signInPasskeyOptions } from './api';
import styles from './second-factor.module.css';

type Props = { challenge: SecondFactorChallengeReply; onSignedIn: (reply: CookieSessionReply) => void; onBack: () => void };

/** A sign-in's second step, on a device new to the account: the first step's ticket plus a factor. */
export function SecondFactorSignIn({ challenge, onSignedIn, onBack }: Props) {
  const { t } = useTranslation();
  return (
    <FormCard title={t('secondFactor.signIn.title')} description={t('secondFactor.signIn.intro')}>
      <div className={`${proofStyles.stack} ${styles.padded}`} data-testid="sign-in-second-factor">
        <ProofForm
          methods={challenge.methods}
          passkeyOptions={() => signInPasskeyOptions(challenge.ticket)}
          submit={async (proof) => onSignedIn(await finishSignIn({ ticket: challenge.ticket, secondFactor: proof }))}
        />
        <Button fill="none" size="small" onClick={onBack} data-testid="sign-in-back">
          {t('secondFactor.signIn.back')}
        </Button>
      </div>
    </FormCard>
  );
}

/**
 * For a sign-in page: `onReply` takes the first step's reply and either starts the session or, when
 * the second factor is asked, makes `step` the second step to show instead of the page's form.
 */
export function useSecondFactorSignIn(): { onReply: (reply: WebLoginReply) => void; step: ReactNode } {
  const startSession = useStartSession();
  const [challenge, setChallenge] = useState<SecondFactorChallengeReply | null>(null);
  const onReply = (reply: WebLoginReply) => ('secondFactorRequired' in reply ? setChallenge(reply) : startSession(reply));
  const step = challenge ? <SecondFactorSignIn challenge={challenge} onSignedIn={startSession} onBack={() => setChallenge(null)} /> : null;
  return { onReply, step };
}
