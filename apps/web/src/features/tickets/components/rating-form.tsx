import { LIMITS, TICKET_LIMITS, type Ticket, ticketRatingBodySchema } from '@wallet/contract';
import { Button, Form, Rate, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form-failure';
import { useApiForm } from '../../../lib/use-api-form';
import { useRateTicket } from '../api/tickets';
import styles from './tickets.module.css';

/** Once completed: the member's rating of the answer (1 to 5 stars, a comment), or the rating given. */
export function RatingForm({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const rate = useRateTicket(ticket.id);
  const f = useApiForm(ticketRatingBodySchema, { fieldOf: { TICKET_RATING_INVALID: 'rating', TICKET_RATING_COMMENT_LENGTH: 'comment' } });

  if (ticket.rating) {
    return (
      <div className={styles.rated} data-testid="ticket-rated">
        <Rate readOnly value={ticket.rating.score} aria-label={t('tickets.detail.stars', { score: ticket.rating.score })} />
        <span className="visually-hidden">{t('tickets.detail.stars', { score: ticket.rating.score })}</span>
        {ticket.rating.comment && <p className={styles.ratedComment}>{ticket.rating.comment}</p>}
        <p className={styles.note}>{t('tickets.detail.thanks')}</p>
      </div>
    );
  }

  const onFinish = (values: Record<string, unknown>) => {
    const comment = typeof values.comment === 'string' && values.comment.trim() !== '' ? values.comment : undefined;
    const body = f.check({ rating: values.rating || undefined, comment });
    if (body === null) return;
    rate.mutate(body, {
      onSuccess: () => Toast.show({ content: t('tickets.detail.thanks'), duration: LIMITS.client.toastDurationMs }),
      onError: f.showError,
    });
  };

  return (
    <Form
      name="ticket-rating"
      className={styles.rating}
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <>
          <FormFailure error={f.failure} />
          <Button block type="submit" color="primary" loading={rate.isPending} data-testid="ticket-rate-submit">
            {t('tickets.detail.rateSubmit')}
          </Button>
        </>
      }
    >
      <Form.Item name="rating" label={t('tickets.detail.rateText')} data-testid="ticket-rating">
        <Rate allowClear={false} />
      </Form.Item>
      <Form.Item name="comment" label={t('tickets.detail.ratingComment')} data-testid="ticket-rating-comment">
        <TextArea
          placeholder={t('tickets.detail.ratingCommentPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={TICKET_LIMITS.ratingCommentMax}
          showCount
        />
      </Form.Item>
    </Form>
  );
}
