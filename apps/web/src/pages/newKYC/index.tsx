import type { KycBody, KycStatusReply } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { useCards } from '../../features/cards/api/get-cards';
import { useCardId } from '../../features/cards/components/use-card-id';
import { useKyc, useSubmitKyc } from '../../features/kyc/api/kyc';
import { cardFor } from '../../features/kyc/card-for';
import { KycForm, type Photos } from '../../features/kyc/kyc-form';
import { KycSummary } from '../../features/kyc/kyc-summary';
import { TEXT_FIELDS } from '../../features/kyc/kyc-values';
import { ApiError } from '../../lib/api-client';
import { type FieldIssue, serverFieldIssues } from '../../lib/form-issues';
import { useErrorText } from '../../lib/use-error-text';

const STATUS_PATH = '/pages/kycPokey/index';

/** Refusals that belong under one field of the form rather than on the summary. */
const FIELD_OF: Record<string, string> = {
  KYC_COUNTRY_INVALID: 'country',
  KYC_DATES_INVALID: 'expiryDate',
  NAME_NOT_ENGLISH: 'firstName',
};

type Review = { body: KycBody; photos: Photos };

/** Card KYC (PRODUCT_SPEC.md section 3): the grouped form, then a summary to check, then the status page. */
export default function KycPage() {
  const { t } = useTranslation();
  const kyc = useKyc();
  const cards = useCards();
  const id = useCardId();
  const [review, setReview] = useState<Review | null>(null);
  return (
    <>
      <NavBar back title={review ? t('kyc.summary.title') : t('kyc.title')} />
      <PageBody>
        <QueryGate query={kyc} errorTitle={t('kyc.status.loadError')} rows={8}>
          {(state) => (
            <QueryGate query={cards} errorTitle={t('cards.loadError')} rows={8} compact>
              {(list) => <KycSteps state={state} cardId={cardFor(list.cards, id)?.id} review={review} onReview={setReview} />}
            </QueryGate>
          )}
        </QueryGate>
      </PageBody>
    </>
  );
}

type StepsProps = {
  state: KycStatusReply;
  cardId: string | undefined;
  review: Review | null;
  onReview: (review: Review | null) => void;
};

function KycSteps({ state, cardId, review, onReview }: StepsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const submit = useSubmitKyc();
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const statusPath = cardId ? `${STATUS_PATH}?id=${cardId}` : STATUS_PATH;

  // Nothing to fill in while a review runs or after it passed: the status page says where it stands.
  if (!submit.isPending && !submit.isSuccess && (state.status === 'in_progress' || state.status === 'passed'))
    return <Navigate to={statusPath} replace />;
  if (!cardId)
    return (
      <EmptyState title={t('kyc.status.noCardTitle')} description={t('kyc.status.noCardText')}>
        <Button color="primary" size="small" onClick={() => navigate('/pages/cardNewSbc/index')} data-testid="kyc-open-card">
          {t('kyc.status.openCard')}
        </Button>
      </EmptyState>
    );

  const send = () => {
    if (!review) return;
    submit.mutate(review.body, {
      onSuccess: () => navigate(statusPath, { replace: true }),
      onError: (error) => {
        const field = error instanceof ApiError ? FIELD_OF[error.code] : undefined;
        const issues = (field ? [{ field, message: errorText(error) }] : serverFieldIssues(error))
          .map((issue) => ({ ...issue, field: issue.field.replace(/^address\./, '') }))
          .filter((issue) => (TEXT_FIELDS as readonly string[]).includes(issue.field));
        // Anything else stays on the summary, above its buttons.
        if (issues.length === 0) return;
        // Back to the form, where the field in question says what is wrong.
        setServerIssues(issues);
        submit.reset();
        onReview(null);
      },
    });
  };

  return (
    <>
      <div hidden={review !== null}>
        <KycForm
          cardId={cardId}
          earlier={state.photos}
          serverIssues={serverIssues}
          onReview={(body, photos) => {
            onReview({ body, photos });
            // The summary starts at its top, not where the form's button was.
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
      {review && (
        <KycSummary
          body={review.body}
          photos={review.photos}
          sending={submit.isPending}
          failure={submit.error}
          onEdit={() => {
            submit.reset();
            onReview(null);
          }}
          onSubmit={send}
        />
      )}
    </>
  );
}
