import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './markdown.module.css';

/** Hash routes of this app (#/pages/...) open in place; they are the only links that do. */
export function isInAppLink(href: string): boolean {
  return href.startsWith('#/');
}

/**
 * Only images of this app's own origin are shown: nothing is loaded from another host at run time (an
 * operator's absolute http(s) image becomes its description).
 */
export function isOwnImage(src: string, origin: string): boolean {
  if (src.trim() === '') return false;
  try {
    const url = new URL(src, `${origin}/`);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:');
  } catch {
    return false;
  }
}

/** The link of operator Markdown (markdown.tsx). */
export function MarkdownLink({ href = '', children }: { href?: string; children?: ReactNode }) {
  // An unsafe address (javascript:, data:) arrives here emptied; a bare #anchor would leave the app's route.
  if (href === '' || (href.startsWith('#') && !isInAppLink(href))) return <span>{children}</span>;
  if (isInAppLink(href)) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function MarkdownImage({ src, alt = '' }: { src?: string | Blob; alt?: string }) {
  const { t } = useTranslation();
  if (typeof src === 'string' && isOwnImage(src, window.location.origin)) return <img src={src} alt={alt} loading="lazy" />;
  return alt ? <span className={styles.imageAlt}>{t('help.markdown.image', { alt })}</span> : null;
}

/** Headings sit under the page's own title: an operator's # and ## become third-level headings, the rest fourth. */
export const HEADING_TAGS = { 1: 'h3', 2: 'h3', 3: 'h4', 4: 'h4', 5: 'h4', 6: 'h4' } as const;
