import type { Card } from '@wallet/contract';
import { Button, Form, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { DigitsInput } from '../../components/digits-input';
import { FormCard } from '../../components/form-card';
import { FormFooter } from '../../components/form-footer';
import { useStepUp } from '../../components/step-up-sheet';
import { useRevealCard } from '../../features/cards/api/card-money';
import detail from '../../features/cards/components/card-detail.module.css';
import { CardFace } from '../../features/cards/components/card-face';
import { CardPage } from '../../features/cards/components/card-page';
import styles from '../../features/cards/components/cards.module.css';
import { RevealChooser } from '../../features/cards/components/reveal-chooser';

type Secrets = { pan: string; cvv: string; expiry: string; holderName: string; hideAfterSeconds: number };

/** Card number, expiry and CVV after the payment password; without a card named, first a choice of card. */
export default function CvvPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cards.cvv.title')} rows={4} withoutId={<RevealChooser />}>
      {(card) => <Reveal card={card} />}
    </CardPage>
  );
}

/**
 * Kept only in this component's state (a mutation, not a cached query), cleared after the countdown
 * and when the page is left.
 */
function Reveal({ card }: { card: Card }) {
  const { t } = useTranslation();
  const reveal = useRevealCard();
  const stepUp = useStepUp();
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (!secrets) return;
    const timer = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) {
          setSecrets(null);
          reveal.reset();
          return 0;
        }
        return s - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [secrets, reveal]);

  const onFinish = (values: { paymentPassword?: string }) => {
    const paymentPassword = values.paymentPassword ?? '';
    // A refusal stays in the mutation's state, where the form shows it.
    stepUp
      .run((secondFactor) => reveal.mutateAsync({ id: card.id, paymentPassword, secondFactor }))
      .then(
        (data) => {
          setSecrets(data);
          setLeft(data.hideAfterSeconds);
        },
        () => {},
      );
  };

  const hide = () => {
    setSecrets(null);
    reveal.reset();
  };

  const pan = secrets?.pan.replace(/(\d{4})(?=\d)/g, '$1 ') ?? '';
  return (
    <>
      {stepUp.sheet}
      <CardFace card={card} link={false} />
      {secrets ? (
        <FormCard description={t('cards.cvv.hidesIn', { seconds: left })}>
          <List data-testid="card-secrets">
            <List.Item
              description={t('cards.basic.number')}
              extra={<CopyButton text={secrets.pan} label={t('cardPack.reveal.copyNumber')} testId="copy-number" />}
            >
              <span className={detail.secret} data-testid="secret-number">
                {pan}
              </span>
            </List.Item>
            <List.Item
              description={t('cardPack.reveal.expiry')}
              extra={<CopyButton text={secrets.expiry} label={t('cardPack.reveal.copyExpiry')} testId="copy-expiry" />}
            >
              <span className={detail.secret} data-testid="secret-expiry">
                {secrets.expiry}
              </span>
            </List.Item>
            <List.Item
              description={t('cards.cvv.cvv')}
              extra={<CopyButton text={secrets.cvv} label={t('cardPack.reveal.copyCvv')} testId="copy-cvv" />}
            >
              <span className={detail.secret} data-testid="secret-cvv">
                {secrets.cvv}
              </span>
            </List.Item>
            <List.Item description={t('cardPack.reveal.holder')}>
              <span translate="no">{secrets.holderName}</span>
            </List.Item>
          </List>
          <div className={styles.nextSteps}>
            <Button block onClick={hide} data-testid="cvv-hide">
              {t('cards.cvv.hide')}
            </Button>
          </div>
        </FormCard>
      ) : (
        <FormCard description={t('cards.cvv.intro', { seconds: 60 })}>
          <Form
            layout="vertical"
            onFinish={onFinish}
            footer={
              <FormFooter failure={reveal.error} loading={reveal.isPending} submitTestId="cvv-submit" submitLabel={t('cards.cvv.show')} />
            }
          >
            <Form.Item name="paymentPassword" label={t('cards.apply.paymentPassword')} rules={[{ required: true, len: 6 }]}>
              <DigitsInput length={6} secret />
            </Form.Item>
          </Form>
        </FormCard>
      )}
    </>
  );
}
