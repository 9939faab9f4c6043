import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Layout, Space, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import type { Me } from '../lib/session';

/** The console's header: who is signed in and with which roles, the language, and signing out. */
export function ConsoleHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: me } = useGetIdentity<Me>();
  const { mutate: logout, isPending } = useLogout();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 16,
        padding: '0 24px',
        height: 64,
        background: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <LanguageSwitch />
      {me && (
        <Space size={8}>
          <Link to="/account" title={t('header.myAccount')}>
            <Space size={6}>
              <UserOutlined />
              <Typography.Text strong>{me.email}</Typography.Text>
            </Space>
          </Link>
          {me.roles.map((role) => (
            <Tag key={role} color="blue" style={{ marginInlineEnd: 0 }}>
              {t(`roles.${role}`)}
            </Tag>
          ))}
        </Space>
      )}
      <Button icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
        {t('header.signOut')}
      </Button>
    </Layout.Header>
  );
}
