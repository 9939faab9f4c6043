import type { HelpCategoryIcon } from '@wallet/contract';
import {
  ArrowDownCircleOutline,
  BankcardOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  LoopOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';

const ICONS: Readonly<Record<HelpCategoryIcon, ComponentType<{ 'aria-hidden'?: boolean }>>> = {
  account: UserOutline,
  security: CheckShieldOutline,
  wallet: PayCircleOutline,
  deposit: ArrowDownCircleOutline,
  exchange: LoopOutline,
  card: BankcardOutline,
  payout: CollectMoneyOutline,
  other: QuestionCircleOutline,
};

/** The icon an operator chose for a FAQ category. */
export function CategoryIcon({ icon }: { icon: HelpCategoryIcon }) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden />;
}
