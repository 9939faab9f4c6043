import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type Props = { visible: boolean; onConfirm: () => void; onCancel: () => void };

/**
 * Freezing declines every payment until the member unfreezes: said before it happens, so a tap by
 * mistake does not stop a card at a till. Unfreezing needs no such question (nothing is refused by it).
 * A dialog of the screen rather than Dialog.confirm, so that it goes when the screen does (back button).
 */
export function FreezeConfirm({ visible, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      title={t('cardPack.detail.freezeTitle')}
      content={<p data-testid="freeze-confirm-text">{t('cardPack.detail.freezeText')}</p>}
      onClose={onCancel}
      closeOnMaskClick
      destroyOnClose
      actions={[
        [
          { key: 'cancel', text: t('cardPack.detail.freezeCancel'), onClick: onCancel },
          { key: 'freeze', text: t('cardPack.detail.freezeConfirm'), bold: true, danger: true, onClick: onConfirm },
        ],
      ]}
    />
  );
}
