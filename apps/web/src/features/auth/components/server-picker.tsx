import { useQueryClient } from '@tanstack/react-query';
import type { MetaReply, ServerRegion } from '@wallet/contract';
import { ActionSheet, List } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';

type Props = { servers: MetaReply['servers'] | undefined };

const DEFAULT_KEY = 'default';

/**
 * Which API server the app talks to: the regions of GET /meta (Korea, Hong Kong, Japan, Taiwan) or
 * the default, the site that served the app. A region without its own address is that same site.
 */
export function ServerPicker({ servers = [] }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const region = useAppStore((state) => state.serverRegion);
  const setServer = useAppStore((state) => state.setServer);
  const [open, setOpen] = useState(false);

  const pick = (key: string) => {
    const server = servers.find((s) => s.region === key);
    setServer(server?.region ?? null, server?.baseUrl ?? '');
    setOpen(false);
    // Everything cached came from the previous server.
    void queryClient.invalidateQueries();
  };

  const nameOf = (key: ServerRegion | null) => (key ? t(`auth.server.regions.${key}`) : t('auth.server.default'));
  const actions = [
    { key: DEFAULT_KEY, text: nameOf(null), description: t('auth.server.thisSite') },
    ...servers.map((server) => ({
      key: server.region,
      text: nameOf(server.region),
      description: server.baseUrl === '' ? t('auth.server.thisSite') : server.baseUrl,
      bold: server.region === region,
    })),
  ];

  return (
    <>
      <List>
        <List.Item
          prefix={<GlobalOutline aria-hidden="true" />}
          extra={nameOf(region)}
          onClick={() => setOpen(true)}
          data-testid="server-picker"
        >
          {t('auth.server.label')}
        </List.Item>
      </List>
      <ActionSheet
        visible={open}
        extra={t('auth.server.title')}
        actions={actions}
        cancelText={t('common.cancel')}
        onAction={(action) => pick(String(action.key))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
