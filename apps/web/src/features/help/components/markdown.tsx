import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import styles from './markdown.module.css';
import { HEADING_TAGS, MarkdownImage, MarkdownLink } from './markdown-links';

export { isInAppLink, isOwnImage } from './markdown-links';

const heading =
  (level: keyof typeof HEADING_TAGS) =>
  ({ children }: { children?: ReactNode }) => {
    const Tag = HEADING_TAGS[level];
    return <Tag>{children}</Tag>;
  };
const COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
};

/**
 * An operator's Markdown, rendered safely: raw HTML is dropped (never parsed into elements), unsafe
 * addresses are emptied by react-markdown's URL filter, links open outside the app (in a new tab,
 * without an opener), and images come only from this app.
 */
export function MarkdownText({ source, testId }: { source: string; testId?: string }) {
  return (
    <div className={styles.markdown} data-testid={testId}>
      <Markdown skipHtml components={COMPONENTS}>
        {source}
      </Markdown>
    </div>
  );
}
