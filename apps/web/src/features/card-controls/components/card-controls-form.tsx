import {
  CARD_CONTROL_CATEGORIES,
  type CardControlCategory,
  type CardControls,
  type CardControlsBody,
  checkControlLimits,
  type ErrorCode,
} from '@wallet/contract';
import { Button, List, Selector, Switch } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { FormCard } from '../../../components/form-card';
import formStyles from '../../../components/form-controls.module.css';
import { FormFailure } from '../../../components/form-failure';
import { formatExactMoney } from '../../../lib/format';
import { errorMessageIn } from '../../../lib/i18n/error-messages';
import { useAppStore } from '../../../lib/store';
import { useSaveCardControls } from '../api/card-controls';
import styles from './card-controls.module.css';

type Draft = Omit<CardControlsBody, 'perPurchaseLimit' | 'monthlyLimit'> & { perPurchaseLimit: string; monthlyLimit: string };

const draftOf = (c: CardControls): Draft => ({
  perPurchaseLimit: c.perPurchaseLimit ?? '',
  monthlyLimit: c.monthlyLimit ?? '',
  onlineEnabled: c.onlineEnabled,
  atmEnabled: c.atmEnabled,
  blockedCategories: c.blockedCategories,
});

/**
 * The controls in three cards (limits, where the card works, blocked categories) and one save. Limits
 * are checked here by the contract's own rule before anything is sent; the server checks them again.
 */
export function CardControlsForm({ cardId, controls }: { cardId: string; controls: CardControls }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const save = useSaveCardControls(cardId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(controls));
  const [invalid, setInvalid] = useState<ErrorCode | null>(null);
  const [saved, setSaved] = useState(false);
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setInvalid(null);
    setSaved(false);
    save.reset();
  };
  const currency = controls.currency;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CardControlsBody = {
      ...draft,
      perPurchaseLimit: draft.perPurchaseLimit === '' ? null : draft.perPurchaseLimit,
      monthlyLimit: draft.monthlyLimit === '' ? null : draft.monthlyLimit,
    };
    const refused = checkControlLimits(body, currency);
    setInvalid(refused);
    if (refused) return;
    save.mutate(body, {
      onSuccess: (now) => {
        setDraft(draftOf(now));
        setSaved(true);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="card-controls-form">
      <FormCard title={t('cardControls.limits.title')} description={t('cardControls.limits.description', { currency })}>
        <List>
          <List.Item description={t('cardControls.limits.perPurchaseHelp')}>
            <label className={styles.label} htmlFor="controls-per-purchase">
              {t('cardControls.limits.perPurchase')}
            </label>
            <div data-testid="controls-per-purchase">
              <AmountInput
                id="controls-per-purchase"
                unit={currency}
                placeholder={t('cardControls.limits.noLimit')}
                value={draft.perPurchaseLimit}
                onChange={(perPurchaseLimit) => change({ perPurchaseLimit })}
              />
            </div>
          </List.Item>
          <List.Item
            description={
              <>
                <span className={styles.line}>
                  {t('cardControls.limits.spent', { amount: `${formatExactMoney(controls.monthSpent, currency)} ${currency}` })}
                </span>
                <span className={styles.line}>{t('cardControls.limits.monthlyHelp')}</span>
              </>
            }
          >
            <label className={styles.label} htmlFor="controls-monthly">
              {t('cardControls.limits.monthly')}
            </label>
            <div data-testid="controls-monthly">
              <AmountInput
                id="controls-monthly"
                unit={currency}
                placeholder={t('cardControls.limits.noLimit')}
                value={draft.monthlyLimit}
                onChange={(monthlyLimit) => change({ monthlyLimit })}
              />
            </div>
          </List.Item>
        </List>
      </FormCard>

      <FormCard title={t('cardControls.usage.title')}>
        <List>
          <List.Item
            description={t('cardControls.usage.onlineHelp')}
            extra={
              <Switch
                checked={draft.onlineEnabled}
                onChange={(onlineEnabled) => change({ onlineEnabled })}
                aria-label={t('cardControls.usage.online')}
                data-testid="controls-online"
              />
            }
          >
            {t('cardControls.usage.online')}
          </List.Item>
          <List.Item
            description={t('cardControls.usage.atmHelp')}
            extra={
              <Switch
                checked={draft.atmEnabled}
                onChange={(atmEnabled) => change({ atmEnabled })}
                aria-label={t('cardControls.usage.atm')}
                data-testid="controls-atm"
              />
            }
          >
            {t('cardControls.usage.atm')}
          </List.Item>
        </List>
      </FormCard>

      <FormCard title={t('cardControls.categories.title')} description={t('cardControls.categories.description')}>
        <div className={styles.categories} data-testid="controls-categories">
          <Selector<CardControlCategory>
            multiple
            columns={2}
            value={draft.blockedCategories}
            onChange={(blockedCategories) => change({ blockedCategories })}
            options={CARD_CONTROL_CATEGORIES.map((c) => ({ value: c, label: t(`cardControls.categories.${c}`) }))}
          />
        </div>
      </FormCard>

      <div className={styles.footer}>
        <FormFailure error={save.error} />
        {/* Beside the button just pressed, not up at the limits, which may be scrolled away. */}
        {invalid && (
          <div className={formStyles.failure} role="alert">
            <ExclamationCircleFill className={formStyles.failureIcon} aria-hidden="true" />
            <p className={formStyles.failureText} data-testid="controls-invalid">
              {errorMessageIn(invalid, language)}
            </p>
          </div>
        )}
        {saved && (
          <p className={styles.saved} role="status" data-testid="controls-saved">
            <CheckCircleFill aria-hidden="true" /> {t('cardControls.saved')}
          </p>
        )}
        <Button block type="submit" color="primary" size="large" loading={save.isPending} data-testid="controls-save">
          {t('cardControls.save')}
        </Button>
      </div>
    </form>
  );
}
