import type { Catalogue } from '../en';

export const amountsJa: Catalogue['amounts'] = {
  withdrawOnHold:
    '{{total}} USDTを保留しました（出金額 {{amount}} USDTとネットワーク手数料 {{fee}} USDT）。審査待ちです。進捗は出金注文で確認できます。',
};
