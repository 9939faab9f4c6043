import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';

/** Lock (with a reason) or unlock (with how the member was verified); compliance only, both confirmed. */
export function LockActions({ uid, locked, onDone }: { uid: string; locked: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  if (locked)
    return (
      <ActionButton
        resource="members"
        action="unlock"
        icon={<UnlockOutlined />}
        label={t('ops.members.unlock')}
        title={t('ops.members.unlockTitle', { uid })}
        warning={t('ops.members.unlockWarning')}
        url={OPS_API.memberUnlock(uid)}
        fields={[{ name: 'note', label: t('ops.members.unlockNote'), required: true, min: 3, max: 500, multiline: true }]}
        successMessage={t('ops.members.unlocked')}
        onDone={onDone}
      />
    );
  return (
    <ActionButton
      resource="members"
      action="lock"
      danger
      icon={<LockOutlined />}
      label={t('ops.members.lockAction')}
      title={t('ops.members.lockTitle', { uid })}
      warning={t('ops.members.lockWarning')}
      url={OPS_API.memberLock(uid)}
      fields={[{ name: 'reason', label: t('common.reason'), required: true, min: 3, max: 500, multiline: true }]}
      successMessage={t('ops.members.lockedDone')}
      onDone={onDone}
    />
  );
}
