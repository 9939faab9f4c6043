import { type DisplayCurrency, LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../api/update-me';

/**
 * Saves the display currency to the profile, saying so in a toast. `shown` is the choice while it
 * is being saved, so the screen answers the tap at once.
 */
export function useSaveDisplayCurrency(current: DisplayCurrency | undefined, onSaved?: (currency: DisplayCurrency) => void) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const shown = update.isPending ? update.variables.displayCurrency : current;

  const save = (currency: DisplayCurrency) => {
    if (currency === current || update.isPending) return;
    update.mutate(
      { displayCurrency: currency },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('common.saved'), duration: LIMITS.client.toastDurationMs });
          onSaved?.(currency);
        },
        onError: () => Toast.show({ icon: 'fail', content: t('settings.saveFailed'), duration: LIMITS.client.toastDurationMs }),
      },
    );
  };

  return { shown, save, saving: update.isPending };
}
