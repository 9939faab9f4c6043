import type { BindableNetwork } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressInput } from './address-input';
import { NetworkChoice } from './network-choice';

type Props = { addressLabel: string; addressTestId: string };

/**
 * Network and wallet address (fields `network` and `address` of the contract). The address is
 * checked for the chosen network when the form is sent (isAddressOf, through the schema), and a
 * scanned one as soon as it is read.
 */
export function AddressFields({ addressLabel, addressTestId }: Props) {
  const { t } = useTranslation();
  const network: BindableNetwork | undefined = Form.useWatch('network');
  return (
    <>
      <Form.Item name="network" label={t('address.network')}>
        <NetworkChoice />
      </Form.Item>
      <Form.Item name="address" label={addressLabel} description={t('address.fieldHint')} data-testid={addressTestId}>
        <AddressInput network={network} placeholder={network ? t(`address.placeholder.${network}`) : undefined} />
      </Form.Item>
    </>
  );
}
