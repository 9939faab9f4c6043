import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/language-switch';

/** The frame of the pages before a session: the console's name and one card in the middle of the screen. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24, background: '#f0f2f5' }}
    >
      <Card style={{ width: 440, maxWidth: '100%' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 16 }}>
          <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={28} height={28} />
          <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
            {title}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        {children}
      </Card>
    </div>
  );
}
