import type { Catalogue } from '../en';

export const cardControlsZh: Catalogue['cardControls'] = {
  title: '消费限制',
  loadError: '无法加载消费限制设置',
  limits: {
    title: '限额',
    description: '单位为 {{currency}}。留空即不设限额。',
    perPurchase: '单笔限额',
    perPurchaseHelp: '单笔超过此金额的消费将被拒绝。',
    monthly: '每月限额',
    monthlyHelp: '按自然月（UTC）累计已批准的消费；已撤销的消费会退回额度。',
    spent: '本月已消费：{{amount}}',
    noLimit: '不限额',
  },
  usage: {
    title: '使用场景',
    online: '网上支付',
    onlineHelp: '在无需出示实体卡的网店和应用中付款。',
    atm: 'ATM取现',
    atmHelp: '在自动柜员机提取现金。',
  },
  categories: {
    title: '屏蔽的商户类别',
    description: '在所选类别商户的消费将被拒绝。',
    gambling: '博彩',
    adult: '成人内容',
    crypto: '加密货币与汇款',
    travel: '旅行与酒店',
    dining: '餐饮',
    shopping: '购物',
    digital: '数字商品与流媒体',
    cash: '现金提取',
  },
  save: '保存',
  saved: '已保存。此后的消费将按以上设置处理。',
};
