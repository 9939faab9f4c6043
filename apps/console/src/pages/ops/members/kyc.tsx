import { EyeOutlined } from '@ant-design/icons';
import { CanAccess } from '@refinedev/core';
import { Alert, Button, Descriptions, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { OPS_API } from '../api';
import { BlobImage } from '../shared/blob-image';
import { StatusTag } from '../shared/status-tag';
import type { MemberDetail } from '../types';

/**
 * The member's KYC state; the photos only on demand (compliance), after the operator is told that
 * each view is recorded in the audit log: the server writes one entry per photo it sends.
 */
export function MemberKyc({ uid, kyc }: { uid: string; kyc: MemberDetail['kyc'] }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [viewing, setViewing] = useState(false);

  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'status', label: t('common.status'), children: <StatusTag status={`kyc_${kyc.status}`} /> },
          { key: 'submitted', label: t('ops.members.kycSubmitted'), children: <DateTime value={kyc.submittedAt} /> },
          { key: 'reason', label: t('common.reason'), span: 2, children: kyc.reason ?? t('common.none') },
          {
            key: 'photos',
            label: t('ops.members.kycPhotos'),
            span: 2,
            children: kyc.photos.length
              ? kyc.photos.map((side) => t(`ops.members.side.${side}`, { defaultValue: side })).join(', ')
              : t('common.none'),
          },
        ]}
      />
      {kyc.photos.length > 0 ? (
        <CanAccess resource="members" action="kyc">
          <Button icon={<EyeOutlined />} style={{ marginTop: 16 }} onClick={() => setConfirming(true)}>
            {t('ops.members.viewKyc')}
          </Button>
        </CanAccess>
      ) : null}
      <Modal
        open={confirming}
        title={t('ops.members.viewKyc')}
        okText={t('ops.members.viewKycConfirm')}
        cancelText={t('buttons.cancel')}
        onOk={() => {
          setConfirming(false);
          setViewing(true);
        }}
        onCancel={() => setConfirming(false)}
      >
        <Alert type="warning" showIcon message={t('ops.members.kycRecorded')} />
      </Modal>
      <Modal
        open={viewing}
        width={880}
        title={t('ops.members.kycPhotosOf', { uid })}
        footer={null}
        onCancel={() => setViewing(false)}
        destroyOnHidden
      >
        <Alert type="info" showIcon message={t('ops.members.kycRecordedNow')} style={{ marginBottom: 16 }} />
        <Space wrap align="start" size={16}>
          {kyc.photos.map((side) => (
            <div key={side}>
              <div style={{ marginBottom: 8 }}>{t(`ops.members.side.${side}`, { defaultValue: side })}</div>
              <BlobImage path={OPS_API.kycPhoto(uid, side)} alt={t(`ops.members.side.${side}`, { defaultValue: side })} width={400} />
            </div>
          ))}
        </Space>
      </Modal>
    </>
  );
}
