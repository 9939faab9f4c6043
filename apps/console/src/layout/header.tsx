import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Grid, Layout, Tag, Typography, theme } from 'antd';
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
  // On a phone the email keeps one line (cut with an ellipsis), the roles are left to the account page
  // and sign-out is its icon: squeezed together they broke the email letter by letter.
  const narrow = !Grid.useBreakpoint().md;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: narrow ? 8 : 16,
        padding: narrow ? '0 12px' : '0 24px',
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
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
          <Link to="/account" title={t('header.myAccount')} style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
            <UserOutlined />
            <Typography.Text strong ellipsis style={{ maxWidth: narrow ? 160 : 320 }}>
              {me.email}
            </Typography.Text>
          </Link>
          {!narrow &&
            me.roles.map((role) => (
              <Tag key={role} color="blue" style={{ marginInlineEnd: 0 }}>
                {t(`roles.${role}`)}
              </Tag>
            ))}
        </div>
      )}
      <Button icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()} aria-label={t('header.signOut')}>
        {narrow ? null : t('header.signOut')}
      </Button>
    </Layout.Header>
  );
}
