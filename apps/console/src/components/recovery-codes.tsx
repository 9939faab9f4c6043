import { Alert, Button, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Recovery codes shown once, with a copy button; the operator moves on only after saying they saved
 * them (the server keeps only their hashes).
 */
export function RecoveryCodes({ codes, doneLabel, onDone }: { codes: string[]; doneLabel: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={t('signIn.recoveryHelp')} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 8 }}>
        {codes.map((code) => (
          <Typography.Text key={code} code style={{ fontSize: 15, textAlign: 'center' }}>
            {code}
          </Typography.Text>
        ))}
      </div>
      <Typography.Paragraph
        copyable={{ text: codes.join('\n'), tooltips: [t('signIn.copyCodes'), t('common.copied')] }}
        style={{ margin: 0 }}
      >
        {t('signIn.copyCodes')}
      </Typography.Paragraph>
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        {t('signIn.savedThem')}
      </Checkbox>
      <Button type="primary" block disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </Space>
  );
}
