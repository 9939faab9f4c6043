import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A member's UID opening their page in the console; a dash when there is none. */
export function MemberLink({ uid }: { uid: string | null | undefined }) {
  const { t } = useTranslation();
  if (!uid) return <>{t('common.none')}</>;
  return <Link to={`/members/${encodeURIComponent(uid)}`}>{uid}</Link>;
}
