import { LARGE_NODE_TEAM, LARGE_NODE_VENUE_SQM, largeNodeApplicationBodySchema, type NodeOffer } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { textValues } from '../../../lib/form-issues';
import { useApplyLargeNode } from '../api/nodes';
import { usdt } from './my-placement';
import { PaySheet } from './pay-sheet';
import styles from './placement.module.css';
import { useConfirmedSubmit } from './use-confirmed-submit';

const DRAFT_SCHEMA = largeNodeApplicationBodySchema.omit({ paymentPassword: true });
const FIELD_ERRORS = {
  NODE_TEAM_SIZE: 'teamSize',
  NODE_VENUE_SIZE: 'venueSqm',
  NODE_INVITE_CODE_UNKNOWN: 'inviteCode',
} as const;
const FIELDS = ['email', 'city', 'name', 'contact', 'inviteCode', 'teamSize', 'venueSqm'] as const;

/** Whole numbers typed into a text field; anything else stays as typed for the schema to refuse. */
const whole = (text: string): number | string => (/^\d{1,9}$/.test(text) ? Number(text) : text);

type Props = { uid: string; email: string; offer: NodeOffer };

/**
 * The large-node application: who applies (UID, read-only), how to reach them, and the spec's
 * requirements, then the hold shown before the payment password. The hold is the operators' setting.
 */
export function ApplicationForm({ uid, email, offer }: Props) {
  const { t } = useTranslation();
  const {
    form: f,
    draft,
    review,
    sheet,
  } = useConfirmedSubmit({
    schema: DRAFT_SCHEMA,
    fieldErrors: FIELD_ERRORS,
    mutation: useApplyLargeNode(),
    doneText: () => t('nodes.apply.sent'),
  });

  const onFinish = (values: Record<string, unknown>) => {
    const typed = textValues(values, FIELDS);
    const body = f.check({
      ...typed,
      inviteCode: typed.inviteCode.trim() || undefined,
      teamSize: whole(typed.teamSize.trim()),
      venueSqm: whole(typed.venueSqm.trim()),
    });
    if (!body) return;
    review(body);
  };

  return (
    <>
      <div className={styles.rows}>
        <p className={styles.muted} data-testid="node-requirements">
          {t('nodes.apply.requirements', {
            teamMin: LARGE_NODE_TEAM.min,
            teamMax: LARGE_NODE_TEAM.max,
            venueMin: LARGE_NODE_VENUE_SQM.min.toLocaleString(),
            venueMax: LARGE_NODE_VENUE_SQM.max.toLocaleString(),
            hold: usdt(offer.largeHold),
            share: offer.dpoolSharePercent,
          })}
        </p>
      </div>
      <Form
        className={styles.form}
        name="largeNode"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ email }}
        onFinish={onFinish}
        onValuesChange={f.onValuesChange}
        footer={
          <Button block color="primary" type="submit" data-testid="apply-next">
            {t('nodes.apply.next')}
          </Button>
        }
      >
        <Form.Item label={t('nodes.apply.accountId')}>
          <Input value={uid} readOnly data-testid="apply-uid" />
        </Form.Item>
        <Form.Item name="email" label={t('nodes.apply.email')} data-testid="apply-email">
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="city" label={t('nodes.apply.city')} data-testid="apply-city">
          <Input placeholder={t('nodes.apply.cityPlaceholder')} />
        </Form.Item>
        <Form.Item name="name" label={t('nodes.apply.name')} data-testid="apply-name">
          <Input autoComplete="name" placeholder={t('nodes.apply.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="contact" label={t('nodes.apply.contact')} data-testid="apply-contact">
          <Input placeholder={t('nodes.apply.contactPlaceholder')} />
        </Form.Item>
        <Form.Item name="inviteCode" label={t('nodes.apply.inviteCode')} data-testid="apply-invite">
          <Input placeholder={t('nodes.apply.optional')} />
        </Form.Item>
        <Form.Item
          name="teamSize"
          label={t('nodes.apply.teamSize')}
          description={t('nodes.apply.teamHint', { min: LARGE_NODE_TEAM.min, max: LARGE_NODE_TEAM.max })}
          data-testid="apply-team"
        >
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="venueSqm"
          label={t('nodes.apply.venue')}
          description={t('nodes.apply.venueHint', {
            min: LARGE_NODE_VENUE_SQM.min.toLocaleString(),
            max: LARGE_NODE_VENUE_SQM.max.toLocaleString(),
          })}
          data-testid="apply-venue"
        >
          <Input inputMode="numeric" />
        </Form.Item>
      </Form>
      <PaySheet
        {...sheet}
        title={t('nodes.apply.confirm')}
        figures={
          draft
            ? [
                { key: 'city', label: t('nodes.apply.city'), value: draft.city },
                { key: 'name', label: t('nodes.apply.name'), value: draft.name },
                { key: 'hold', label: t('nodes.apply.hold'), value: usdt(offer.largeHold), strong: true, testId: 'apply-hold' },
              ]
            : []
        }
        submitLabel={t('nodes.apply.submit')}
        testId="apply-password"
      >
        <p className={styles.muted}>{t('nodes.apply.holdText')}</p>
      </PaySheet>
    </>
  );
}
