import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
// The member app's own Markdown styles, so the preview is drawn by the same rules.
import markdownStyles from '../../../../../web/src/features/help/components/markdown.module.css';
import { HEADING_TAGS, isInAppLink, isOwnImage } from '../../../../../web/src/features/help/components/markdown-links';
import styles from './member-preview.module.css';

const heading = (level: keyof typeof HEADING_TAGS) =>
  function Heading({ children }: { children?: React.ReactNode }) {
    const Tag = HEADING_TAGS[level];
    return <Tag>{children}</Tag>;
  };

/**
 * What a member is shown, as apps/web's MarkdownText draws it: raw HTML dropped, headings moved
 * under the page's title, links opening outside (in-app #/ links in place), and only this site's
 * own images (another host's image becomes its description). Links are not followed from here.
 */
function PreviewImage({ src, alt = '' }: { src?: string | Blob; alt?: string }) {
  const { t } = useTranslation();
  if (typeof src === 'string' && isOwnImage(src, window.location.origin)) return <img src={src} alt={alt} loading="lazy" />;
  return alt ? <span className={styles.imageAlt}>{t('ops.help.previewImage', { alt })}</span> : null;
}

function PreviewLink({ href = '', children }: { href?: string; children?: React.ReactNode }) {
  if (href === '' || (href.startsWith('#') && !isInAppLink(href))) return <span>{children}</span>;
  // A link in the preview would leave the console (or open the member app's route here): shown, not followed.
  return (
    <a href={href} title={href} onClick={(event) => event.preventDefault()}>
      {children}
    </a>
  );
}

const COMPONENTS: Components = {
  a: PreviewLink,
  img: PreviewImage,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
};

export function MemberPreview({ title, body, kind, language }: { title: string; body: string; kind: string; language: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.phone} data-testid="help-preview">
      <article className={styles.article} lang={language}>
        <h2 className={styles.title}>{title || t('ops.help.untitled')}</h2>
        <p className={styles.meta}>{t(`ops.help.kinds.${kind}`)}</p>
        <div className={markdownStyles.markdown}>
          <Markdown skipHtml components={COMPONENTS}>
            {body}
          </Markdown>
        </div>
      </article>
    </div>
  );
}
