import type { Catalogue } from '../en';

export const amountsZh: Catalogue['amounts'] = {
  withdrawOnHold: '已冻结 {{total}} USDT：提现 {{amount}} USDT，另加网络手续费 {{fee}} USDT。等待审核中，您可以在提现订单中查看进度。',
};
