import type { HelpCategory } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from './category-icon';
import styles from './help.module.css';
import { faqPath } from './paths';

/** FAQ categories as tiles, two to a row, each opening its questions. */
export function CategoryGrid({ categories }: { categories: readonly HelpCategory[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.grid} data-testid="help-categories">
      {categories.map((category) => (
        <li key={category.id}>
          <Link className={styles.tile} to={faqPath(category.id)} data-testid="help-category">
            <span className={styles.tileIcon}>
              <CategoryIcon icon={category.icon} />
            </span>
            <span className={styles.tileName} lang={category.language}>
              {category.name}
            </span>
            <span className={styles.tileCount}>{t('help.centre.questions', { count: category.faqCount })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
