import { Button, Form } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from '../../components/digits-input';
import { FormFooter } from '../../components/form-footer';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useRevealCard } from '../../features/cards/api/card-money';
import styles from '../../features/cards/components/cards.module.css';
import { useCardId } from '../../features/cards/components/use-card-id';

type Secrets = { pan: string; cvv: string; expiry: string; holderName: string; hideAfterSeconds: number };

/**
 * Card number and CVV after the payment password. Kept only in this component's state (a mutation,
 * not a cached query), cleared after the countdown and when the page is left.
 */
export default function CvvPage() {
  const { t } = useTranslation();
  const id = useCardId();
  const reveal = useRevealCard();
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
    if (!id) return;
    reveal.mutate(
      { id, paymentPassword: values.paymentPassword ?? '' },
      {
        onSuccess: (data) => {
          setSecrets(data);
          setLeft(data.hideAfterSeconds);
        },
      },
    );
  };

  const hide = () => {
    setSecrets(null);
    reveal.reset();
  };

  return (
    <>
      <NavBar back title={t('cards.cvv.title')} />
      <PageBody>
        {secrets ? (
          <div className={styles.section} data-testid="card-secrets">
            <p>{t('cards.basic.number')}</p>
            <p className={styles.secret}>{secrets.pan.replace(/(\d{4})(?=\d)/g, '$1 ')}</p>
            <p>
              {t('cards.basic.validity')} {secrets.expiry} · {t('cards.cvv.cvv')} <span className={styles.secret}>{secrets.cvv}</span>
            </p>
            <p>{secrets.holderName}</p>
            <p className={styles.progress}>{t('cards.cvv.hidesIn', { seconds: left })}</p>
            <Button size="small" onClick={hide}>
              {t('cards.cvv.hide')}
            </Button>
          </div>
        ) : (
          <Form
            layout="vertical"
            onFinish={onFinish}
            footer={
              <FormFooter failure={reveal.error} loading={reveal.isPending} submitTestId="cvv-submit" submitLabel={t('cards.cvv.show')} />
            }
          >
            <p className={styles.notice}>{t('cards.cvv.intro', { seconds: 60 })}</p>
            <Form.Item name="paymentPassword" label={t('cards.apply.paymentPassword')} rules={[{ required: true, len: 6 }]}>
              <DigitsInput length={6} secret />
            </Form.Item>
          </Form>
        )}
      </PageBody>
    </>
  );
}
