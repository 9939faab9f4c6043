import type { Catalogue } from '../en';

export const withdrawalEventsKo: Catalogue['withdrawalEvents'] = {
  note: {
    auto_approved: '자동 승인되었습니다. 금액이 자동 승인 한도인 {{amount}} USDT 미만입니다.',
    auto_approvedNoAmount: '자동 승인되었습니다. 금액이 자동 승인 한도 미만입니다.',
    reviewed_by_operator: '담당자가 검토 후 승인했습니다.',
    signed: '거래가 준비되어 곧 전송됩니다.',
    sent: '네트워크로 전송되었으며 블록 확인을 기다리고 있습니다.',
    signed_again: '이전 거래가 확인되지 않은 채 만료되어 다시 전송합니다. 이중으로 차감되지 않습니다.',
    sent_by_operator: '담당자가 전송했습니다.',
    confirmed: '블록 {{block}}에서 확인되었습니다.',
    failed_on_chain: '네트워크에서 거래가 실패했습니다. 출금 금액과 수수료가 잔액으로 돌아왔습니다.',
    rejected: '사유: {{reason}}',
  },
  summary: '금액 및 받는 주소',
  txHash: '거래 해시',
  copyTxHash: '거래 해시 복사',
  done: {
    sending:
      '잔액에서 {{total}} USDT가 차감되었습니다(출금 {{amount}} USDT, 네트워크 수수료 {{fee}} USDT). 자동 승인되어 전송 중이며, 진행 상황은 출금 내역에서 확인할 수 있습니다.',
    completed: '잔액에서 {{total}} USDT가 차감되었습니다(출금 {{amount}} USDT, 네트워크 수수료 {{fee}} USDT). 출금이 완료되었습니다.',
    refunded: '이 출금은 처리되지 않았습니다. 출금 금액과 수수료를 합한 {{total}} USDT가 잔액으로 돌아왔습니다.',
  },
};
