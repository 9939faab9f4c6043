import type { CardProduct } from '@wallet/contract';
import styles from './card-face.module.css';

/** The network's mark, drawn here rather than loaded: no third-party images or fonts. */
export function NetworkMark({ network }: { network: CardProduct['network'] }) {
  if (network === 'mastercard')
    return (
      <svg className={styles.mark} viewBox="0 0 48 30" role="img" aria-label="Mastercard" data-testid="network-mark">
        <circle cx="17" cy="15" r="12" fill="#eb001b" />
        <circle cx="31" cy="15" r="12" fill="#f79e1b" />
        <path d="M24 5.4a12 12 0 0 1 0 19.2a12 12 0 0 1 0-19.2z" fill="#ff5f00" />
      </svg>
    );
  return (
    <svg className={styles.mark} viewBox="0 0 60 20" role="img" aria-label="Visa" data-testid="network-mark">
      <text
        x="30"
        y="17"
        textAnchor="middle"
        fill="currentColor"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="20"
        fontStyle="italic"
        fontWeight="900"
        letterSpacing="0.5"
      >
        VISA
      </text>
    </svg>
  );
}
