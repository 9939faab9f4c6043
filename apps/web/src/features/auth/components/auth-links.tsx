import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './auth.module.css';

export type AuthLink = { to: string; label: ReactNode; testId: string; lead?: ReactNode };

/** The ways on from a sign-in screen (code login, forgotten password, sign-up), each optionally led by a question. */
export function AuthLinks({ links }: { links: readonly AuthLink[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.testId} className={styles.linkRow}>
          {link.lead && <span className={styles.lead}>{link.lead}</span>}
          <Link to={link.to} className={styles.link} data-testid={link.testId}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
