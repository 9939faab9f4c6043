import type { TitleProps } from '@refinedev/core';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The sider's title: the wallet's mark, and the console's name when the sider is open. */
export function ConsoleTitle({ collapsed }: TitleProps) {
  const { t } = useTranslation();
  return (
    <Link to="/" style={{ display: 'inline-block', padding: '0 8px' }}>
      <Space size={8}>
        <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={24} height={24} />
        {!collapsed && (
          <Typography.Text strong style={{ fontSize: 14 }}>
            {t('common.appName')}
          </Typography.Text>
        )}
      </Space>
    </Link>
  );
}
