import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/i18n/error-messages';
import { HELP_PATH } from './paths';

/** Whether a failure means the thing asked for is not there (a retry will not help). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** An article or category that does not exist (an old link, a typo): say so, and lead back to the help centre. */
export function HelpMissing({ code }: { code: 'HELP_ARTICLE_NOT_FOUND' | 'HELP_CATEGORY_NOT_FOUND' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  return (
    <EmptyState image={<QuestionCircleOutline />} title={errorMessage(code)}>
      <Button color="primary" fill="outline" size="small" onClick={() => navigate(HELP_PATH)} data-testid="help-back">
        {t('help.article.backToHelp')}
      </Button>
    </EmptyState>
  );
}
