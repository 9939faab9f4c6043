import type { Translated } from './languages';

type LedgerType = { readonly label: Translated };

const t = (en: string, zh: string, ko: string, ja: string): LedgerType => ({ label: { en, zh, ko, ja } });

/**
 * Ledger type codes of PRODUCT_SPEC.md section 4. The spec names ranges without saying which code
 * is which direction; docs/decisions/0002-ledger-type-codes.md records how we assigned them.
 * Codes above 416 that the spec lacks are our extensions and say so in that file.
 */
export const LEDGER_TYPES = {
  11: t('USDT deposit', 'USDT充值', 'USDT 입금', 'USDT入金'),
  13: t('System addition', '系统增加', '시스템 지급', 'システム加算'),
  14: t('Withdrawal failed', '提现失败', '출금 실패', '出金失敗'),
  15: t('Card application reward', '开卡奖励', '카드 신청 보상', 'カード申込報酬'),
  16: t('Card spending reward', '卡消费奖励', '카드 소비 보상', 'カード利用報酬'),
  17: t('Card withdrawal', '卡提现', '카드 출금', 'カード出金'),
  18: t('Card deposit reward', '卡充值奖励', '카드 충전 보상', 'カード入金報酬'),
  19: t('Card spending reward', '卡消费奖励', '카드 소비 보상', 'カード利用報酬'),
  21: t('Card opening', '开卡', '카드 개설', 'カード開設'),
  22: t('Monthly service fee', '月服务费', '월 서비스 수수료', '月額サービス料'),
  23: t('Transfer out (USDT)', '转出 (USDT)', '이체 출금 (USDT)', '送金 (USDT)'),
  24: t('Card top-up', '卡充值', '카드 충전', 'カードへのチャージ'),
  33: t('Task reward', '任务奖励', '미션 보상', 'タスク報酬'),
  41: t('Exchange USDT → USD', '兑换 USDT → USD', '환전 USDT → USD', '両替 USDT → USD'),
  42: t('Exchange USD → USDT', '兑换 USD → USDT', '환전 USD → USDT', '両替 USD → USDT'),
  43: t('Exchange USDT → HKD', '兑换 USDT → HKD', '환전 USDT → HKD', '両替 USDT → HKD'),
  44: t('Exchange HKD → USDT', '兑换 HKD → USDT', '환전 HKD → USDT', '両替 HKD → USDT'),
  45: t('Exchange USDT → CNY', '兑换 USDT → CNY', '환전 USDT → CNY', '両替 USDT → CNY'),
  46: t('Exchange CNY → USDT', '兑换 CNY → USDT', '환전 CNY → USDT', '両替 CNY → USDT'),
  47: t('Exchange USDT → JPY', '兑换 USDT → JPY', '환전 USDT → JPY', '両替 USDT → JPY'),
  48: t('Exchange JPY → USDT', '兑换 JPY → USDT', '환전 JPY → USDT', '両替 JPY → USDT'),
  49: t('Exchange HKD → USD', '兑换 HKD → USD', '환전 HKD → USD', '両替 HKD → USD'),
  112: t('Refund', '退款', '환불', '返金'),
  113: t('Transfer in (USDT)', '转入 (USDT)', '이체 입금 (USDT)', '受取 (USDT)'),
  115: t('Card opening failed: refund', '开卡失败退款', '카드 개설 실패 환불', 'カード開設失敗の返金'),
  118: t('Alipay flash exchange', '支付宝闪兑', '알리페이 즉시 환전', 'Alipayクイック両替'),
  121: t('Physical card application reward', '实体卡申请奖励', '실물 카드 신청 보상', '物理カード申込報酬'),
  215: t('Transfer out (CNY)', '转出 (CNY)', '이체 출금 (CNY)', '送金 (CNY)'),
  216: t('Transfer in (CNY)', '转入 (CNY)', '이체 입금 (CNY)', '受取 (CNY)'),
  217: t('Transfer out (JPY)', '转出 (JPY)', '이체 출금 (JPY)', '送金 (JPY)'),
  218: t('Transfer in (JPY)', '转入 (JPY)', '이체 입금 (JPY)', '受取 (JPY)'),
  219: t('Transfer out (KRW)', '转出 (KRW)', '이체 출금 (KRW)', '送金 (KRW)'),
  220: t('Transfer in (KRW)', '转入 (KRW)', '이체 입금 (KRW)', '受取 (KRW)'),
  221: t('Transfer out (HKD)', '转出 (HKD)', '이체 출금 (HKD)', '送金 (HKD)'),
  222: t('Transfer in (HKD)', '转入 (HKD)', '이체 입금 (HKD)', '受取 (HKD)'),
  223: t('Transfer out (USD)', '转出 (USD)', '이체 출금 (USD)', '送金 (USD)'),
  224: t('Transfer in (USD)', '转入 (USD)', '이체 입금 (USD)', '受取 (USD)'),
  227: t('Transfer out (ABI)', '转出 (ABI)', '이체 출금 (ABI)', '送金 (ABI)'),
  228: t('Transfer in (ABI)', '转入 (ABI)', '이체 입금 (ABI)', '受取 (ABI)'),
  229: t('Card top-up', '卡充值', '카드 충전', 'カードへのチャージ'),
  231: t('Physical card top-up', '实体卡充值', '실물 카드 충전', '物理カードへのチャージ'),
  232: t('Transfer out (EUR)', '转出 (EUR)', '이체 출금 (EUR)', '送金 (EUR)'),
  233: t('Transfer in (EUR)', '转入 (EUR)', '이체 입금 (EUR)', '受取 (EUR)'),
  234: t('TRON withdrawal', 'TRON提现', 'TRON 출금', 'TRON出金'),
  410: t('Exchange CNY → USD', '兑换 CNY → USD', '환전 CNY → USD', '両替 CNY → USD'),
  411: t('Exchange JPY → USD', '兑换 JPY → USD', '환전 JPY → USD', '両替 JPY → USD'),
  412: t('Exchange KRW → USD', '兑换 KRW → USD', '환전 KRW → USD', '両替 KRW → USD'),
  413: t('Exchange EUR → USD', '兑换 EUR → USD', '환전 EUR → USD', '両替 EUR → USD'),
  414: t('Exchange ABI → USD', '兑换 ABI → USD', '환전 ABI → USD', '両替 ABI → USD'),
  415: t('Exchange USDT → KRW', '兑换 USDT → KRW', '환전 USDT → KRW', '両替 USDT → KRW'),
  416: t('Exchange KRW → USDT', '兑换 KRW → USDT', '환전 KRW → USDT', '両替 KRW → USDT'),
  417: t('Exchange USDT → EUR', '兑换 USDT → EUR', '환전 USDT → EUR', '両替 USDT → EUR'),
  418: t('Exchange EUR → USDT', '兑换 EUR → USDT', '환전 EUR → USDT', '両替 EUR → USDT'),
  // Invitation programme (issue 43): a reward taken back after a refund outside its holding window.
  419: t('Reward clawback', '奖励追回', '보상 회수', '報酬の回収'),
  // Private placement and nodes (issue 44): see docs/decisions/0002-ledger-type-codes.md.
  420: t('Private placement purchase', '私募认购', '프라이빗 세일 구매', 'プライベートセール購入'),
  421: t('SBC distribution out', 'SBC分发转出', 'SBC 배분 출금', 'SBC配布（送付）'),
  422: t('SBC distribution in', 'SBC分发转入', 'SBC 배분 입금', 'SBC配布（受取）'),
  423: t('Node purchase', '节点购买', '노드 구매', 'ノード購入'),
  424: t('Large-node application hold', '大节点申请冻结', '대형 노드 신청 보류', '大型ノード申請の保留'),
  425: t('Large-node application settled', '大节点申请结算', '대형 노드 신청 정산', '大型ノード申請の確定'),
  426: t('Large-node application refunded', '大节点申请退回', '대형 노드 신청 반환', '大型ノード申請の返金'),
  427: t('Node allocation', '节点分配', '노드 배정', 'ノード割り当て'),
  428: t('Node reward', '节点奖励', '노드 보상', 'ノード報酬'),
  429: t('Node upgrade', '节点升级', '노드 업그레이드', 'ノードのアップグレード'),
  430: t('Reconciliation booking', '对账调整', '대사 조정', '照合による調整'),
  235: t('Transfer out (SBC)', '转出 (SBC)', '이체 출금 (SBC)', '送金 (SBC)'),
  236: t('Transfer in (SBC)', '转入 (SBC)', '이체 입금 (SBC)', '受取 (SBC)'),
  237: t('Transfer out (BTC)', '转出 (BTC)', '이체 출금 (BTC)', '送金 (BTC)'),
  238: t('Transfer in (BTC)', '转入 (BTC)', '이체 입금 (BTC)', '受取 (BTC)'),
  239: t('Transfer out (ETH)', '转出 (ETH)', '이체 출금 (ETH)', '送金 (ETH)'),
  240: t('Transfer in (ETH)', '转入 (ETH)', '이체 입금 (ETH)', '受取 (ETH)'),
  241: t('BSC withdrawal', 'BSC提现', 'BSC 출금', 'BSC出金'),
  242: t('ETH deposit', 'ETH充值', 'ETH 입금', 'ETH入金'),
  243: t('BTC deposit', 'BTC充值', 'BTC 입금', 'BTC入金'),
  244: t('Bank flash exchange', '银行卡闪兑', '은행 즉시 환전', '銀行クイック両替'),
  // Card side (cards issue): movements inside a card's own balance, see docs/decisions/cards-ledger-codes.md.
  501: t('Card authorization hold', '卡授权冻结', '카드 승인 보류', 'カード承認の保留'),
  502: t('Card authorization released', '卡授权释放', '카드 승인 해제', 'カード承認の解除'),
  503: t('Card purchase settled', '卡消费结算', '카드 결제 정산', 'カード利用の確定'),
  504: t('Card refund', '卡退款', '카드 환불', 'カード返金'),
} as const satisfies Record<number, LedgerType>;

export type LedgerTypeCode = keyof typeof LEDGER_TYPES;
export const LEDGER_TYPE_CODES = Object.keys(LEDGER_TYPES).map(Number) as LedgerTypeCode[];

export function isLedgerTypeCode(value: number): value is LedgerTypeCode {
  return Object.hasOwn(LEDGER_TYPES, value);
}

/**
 * What a member filters records by: families of ledger types, not 70 raw codes. Every code belongs to
 * exactly one family (a test holds this), so a new code must be placed here to be filterable.
 */
export const LEDGER_FAMILIES = {
  deposits: { label: t('Deposits', '充值', '입금', '入金').label, codes: [11, 242, 243] },
  withdrawals: { label: t('Withdrawals', '提现', '출금', '出金').label, codes: [14, 234, 241] },
  exchanges: {
    label: t('Exchanges', '兑换', '환전', '両替').label,
    codes: [41, 42, 43, 44, 45, 46, 47, 48, 49, 410, 411, 412, 413, 414, 415, 416, 417, 418],
  },
  transfers: {
    label: t('Transfers', '转账', '이체', '送金・受取').label,
    codes: [23, 113, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 227, 228, 232, 233, 235, 236, 237, 238, 239, 240],
  },
  card: { label: t('Card', '卡片', '카드', 'カード').label, codes: [17, 21, 22, 24, 115, 229, 231, 501, 502, 503, 504] },
  flashExchange: { label: t('Flash exchange', '闪兑', '즉시 환전', 'クイック両替').label, codes: [118, 244] },
  rewards: { label: t('Rewards', '奖励', '보상', '報酬').label, codes: [15, 16, 18, 19, 33, 121, 419] },
  placement: {
    label: t('Placement and nodes', '私募与节点', '프라이빗 세일·노드', 'プライベートセール・ノード').label,
    codes: [420, 421, 422, 423, 424, 425, 426, 427, 428, 429],
  },
  other: { label: t('Other', '其他', '기타', 'その他').label, codes: [13, 112, 430] },
} as const satisfies Record<string, { label: Translated; codes: readonly LedgerTypeCode[] }>;

export type LedgerFamily = keyof typeof LEDGER_FAMILIES;
export const LEDGER_FAMILY_NAMES = Object.keys(LEDGER_FAMILIES) as [LedgerFamily, ...LedgerFamily[]];

export function isLedgerFamily(value: unknown): value is LedgerFamily {
  return typeof value === 'string' && Object.hasOwn(LEDGER_FAMILIES, value);
}
