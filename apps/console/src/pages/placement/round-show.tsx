import { EditButton, RefreshButton, Show } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { type ConsoleRound, currentPrice, Decimal } from '@wallet/contract';
import { Card, Descriptions, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { groupDigits, Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { ActionButton } from '../ops/shared/action-button';
import { EDIT_LANGUAGES } from '../ops/shared/languages';
import { PLACEMENT_API } from './api';
import { percentOf, type TierRow, tierRows } from './round-maths';
import { RoundStatusTag, roundName } from './round-status';

/** One round (GET placement/rounds/:id): its sales, tiers with what each sold, names and rules; closing it with a reason. */
export function RoundShowPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { query } = useCustom<{ round: ConsoleRound }>({ url: PLACEMENT_API.round(id), method: 'get', errorNotification: false });
  const round = query.data?.data.round;
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  const name = round ? roundName(round.name, i18n.language) : '';

  return (
    <Show
      isLoading={!round}
      title={t('placement.show.title', { name })}
      headerButtons={
        round ? (
          <>
            <RefreshButton onClick={refetch} />
            {round.status === 'closed' ? null : (
              <>
                <EditButton resource="placement-rounds" recordItemId={round.id}>
                  {t('placement.rounds.edit')}
                </EditButton>
                <ActionButton
                  resource="placement-rounds"
                  action="close"
                  danger
                  label={t('placement.show.close')}
                  title={t('placement.show.closeTitle', { name })}
                  warning={t('placement.show.closeWarning')}
                  url={PLACEMENT_API.roundClose(round.id)}
                  fields={[{ name: 'reason', label: t('placement.show.reason'), required: true, min: 3, max: 500, multiline: true }]}
                  successMessage={t('placement.show.closed')}
                  onDone={refetch}
                />
              </>
            )}
          </>
        ) : null
      }
    >
      {round ? <RoundDetail round={round} /> : null}
    </Show>
  );
}

function RoundDetail({ round }: { round: ConsoleRound }) {
  const { t } = useTranslation();
  const remaining = new Decimal(round.totalQuantity).minus(round.sold).toFixed();
  const price = currentPrice(round.tiers, round.sold);
  return (
    <>
      <Card size="small" title={t('placement.show.overview')} style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label={t('placement.rounds.status')}>
            <RoundStatusTag status={round.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.rounds.sold')} span={2}>
            <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
              {groupDigits(round.sold)} / {groupDigits(round.totalQuantity)}
            </Typography.Text>
            <Progress percent={percentOf(round.sold, round.totalQuantity)} size="small" style={{ maxWidth: 320 }} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.show.remaining')}>
            <Money amount={remaining} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.show.currentPrice')}>
            {price ? <Money amount={price} currency="USDT" /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.rounds.buyers')}>{round.buyers}</Descriptions.Item>
          <Descriptions.Item label={t('placement.rounds.raised')}>
            <Money amount={round.raised} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.form.minPerMember')}>
            <Money amount={round.minPerMember} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.form.maxPerMember')}>
            <Money amount={round.maxPerMember} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.rounds.startsAt')}>
            <DateTime value={round.startsAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.rounds.endsAt')}>
            <DateTime value={round.endsAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.show.kyc')}>
            {t(round.kycRequired ? 'placement.show.yes' : 'placement.show.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('placement.show.createdAt')}>
            <DateTime value={round.createdAt} />
          </Descriptions.Item>
          {round.closedAt ? (
            <>
              <Descriptions.Item label={t('placement.show.closedAt')}>
                <DateTime value={round.closedAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('placement.show.closedReason')} span={2}>
                <span translate="no">{round.closedReason ?? '—'}</span>
              </Descriptions.Item>
            </>
          ) : null}
        </Descriptions>
      </Card>
      <Card size="small" title={t('placement.show.tiers')} style={{ marginBottom: 16 }}>
        <Table<TierRow>
          size="small"
          rowKey="n"
          pagination={false}
          dataSource={tierRows(round.tiers, round.sold)}
          columns={[
            { dataIndex: 'n', title: '#', width: 48 },
            {
              title: t('placement.show.units'),
              render: (_, row) => `${groupDigits(row.from)} – ${groupDigits(row.to)}`,
            },
            { dataIndex: 'quantity', title: t('placement.form.quantity'), align: 'right', render: (v: string) => <Money amount={v} /> },
            {
              dataIndex: 'price',
              title: t('placement.form.tierPrice'),
              align: 'right',
              render: (v: string) => <Money amount={v} currency="USDT" />,
            },
            { dataIndex: 'sold', title: t('placement.show.tierSold'), align: 'right', render: (v: string) => <Money amount={v} /> },
            { dataIndex: 'amount', title: t('placement.show.tierAmount'), align: 'right', render: (v: string) => <Money amount={v} /> },
          ]}
        />
      </Card>
      <Card size="small" title={t('placement.show.names')}>
        <Table
          size="small"
          rowKey="language"
          pagination={false}
          dataSource={EDIT_LANGUAGES.map((language) => ({ language, name: round.name[language], rules: round.rules[language] }))}
          columns={[
            { dataIndex: 'language', title: t('placement.show.language'), width: 100, render: (v: string) => t(`ops.languages.${v}`) },
            { dataIndex: 'name', title: t('placement.rounds.name'), width: 260 },
            {
              dataIndex: 'rules',
              title: t('placement.show.rules'),
              render: (v: string) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{v}</Typography.Paragraph>,
            },
          ]}
        />
      </Card>
    </>
  );
}
