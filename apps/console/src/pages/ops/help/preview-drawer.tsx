import type { AdminHelpArticle } from '@wallet/contract';
import { Drawer, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDIT_LANGUAGES } from '../shared/languages';
import { articleTitle } from './labels';
import { MemberPreview } from './member-preview';

/** A saved article as members of each language see it, one tab per language it is written in. */
export function PreviewDrawer({ article, onClose }: { article: AdminHelpArticle | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const languages = article ? EDIT_LANGUAGES.filter((language) => article.texts[language]) : [];
  return (
    <Drawer
      open={article !== null}
      width={460}
      title={article ? articleTitle(article, i18n.language) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {article && languages.length > 0 ? (
        <Tabs
          items={languages.map((language) => ({
            key: language,
            label: t(`ops.languages.${language}`),
            children: (
              <MemberPreview
                title={article.texts[language]?.title ?? ''}
                body={article.texts[language]?.body ?? ''}
                kind={article.popup ? 'popup' : article.kind}
                language={language}
              />
            ),
          }))}
        />
      ) : (
        <Empty />
      )}
    </Drawer>
  );
}
