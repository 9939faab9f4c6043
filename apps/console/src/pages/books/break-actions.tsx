import { useNavigation } from '@refinedev/core';
import type { ReconBreak } from '@wallet/contract';
import { Form, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { FormDialog } from '../agency/form-dialog';
import { ActionButton } from '../ops/shared/action-button';
import { BOOKS_API } from './api';
import { type BookingLeg, bookingLegs } from './booking';
import { unwrap } from './follow';

/** The note the server asks of an accept and a booking: 5 to 1,000 characters. */
const NOTE = { min: 5, max: 1000 };

export function AcceptBreak({ brk, onDone }: { brk: ReconBreak; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionButton
      resource="books-breaks"
      action="resolve"
      label={t('books.show.accept')}
      title={t('books.show.acceptTitle')}
      warning={t('books.show.acceptWarning')}
      url={BOOKS_API.accept(brk.id)}
      fields={[{ name: 'note', label: t('books.show.note'), required: true, ...NOTE, multiline: true }]}
      successMessage={t('books.show.accepted')}
      onDone={onDone}
    />
  );
}

/**
 * Asks for a booking that fixes the break: the dialog shows the exact legs approving will post, and
 * the request (with its Idempotency-Key) waits for a second operator in Approvals.
 */
export function BookBreak({ brk }: { brk: ReconBreak }) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const legs = bookingLegs(brk);
  if (!legs) return null;
  return (
    <FormDialog<{ note: string }>
      resource="books-breaks"
      action="resolve"
      type="primary"
      idempotent
      width={640}
      label={t('books.show.book')}
      title={t('books.show.bookTitle')}
      warning={t('books.show.bookWarning')}
      url={BOOKS_API.booking(brk.id)}
      body={({ note }) => ({ note: note.trim() })}
      successMessage={() => t('books.show.bookSent')}
      onDone={(reply) => {
        // The four-eyes reply `{ approval }` is opened by the dialog itself; an approval sent bare is opened here.
        const approval = unwrap<{ id?: string }>(reply, 'approval');
        if (approval?.id) show('approvals', approval.id);
      }}
    >
      {() => (
        <>
          <BookingLegs brk={brk} legs={legs} />
          <Form.Item
            name="note"
            label={t('books.show.note')}
            extra={t('books.show.noteHelp')}
            rules={[
              { required: true, whitespace: true, message: t('ops.common.required') },
              { min: NOTE.min, message: t('ops.common.minLength', { count: NOTE.min }) },
            ]}
          >
            <Input.TextArea rows={3} maxLength={NOTE.max} showCount />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

function BookingLegs({ brk, legs }: { brk: ReconBreak; legs: BookingLeg[] }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('books.show.bookPosts')}</Typography.Text>
      <Table<BookingLeg>
        data-testid="booking-legs"
        size="small"
        rowKey="account"
        pagination={false}
        dataSource={legs}
        style={{ marginTop: 8 }}
        columns={[
          {
            title: t('books.show.account'),
            render: (_, leg) => t(`books.show.legs.${leg.role}`, { account: leg.account, network: brk.network ?? '' }),
          },
          {
            dataIndex: 'amount',
            title: t('books.show.amount'),
            align: 'right',
            render: (v: string) => <Money amount={v} currency={brk.currency} signed />,
          },
        ]}
      />
    </div>
  );
}
