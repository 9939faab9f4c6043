import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

/** The five operator roles as checkboxes (for a Form.Item holding OperatorRole[]). */
export function RoleSelect({ value, onChange }: { value?: OperatorRole[]; onChange?: (roles: OperatorRole[]) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group<OperatorRole>
      value={value}
      onChange={(roles) => onChange?.(roles)}
      options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
    />
  );
}
