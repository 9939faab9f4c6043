import { e } from './error-spec';

/** Errors of reconciliation and proof of reserves (issue 45), for operators and members; part of ERRORS. */
export const BOOKS_ERRORS = {
  BOOKS_RUN_IN_PROGRESS: e(
    409,
    'A reconciliation is already running. Wait for it to finish.',
    '对账正在进行中，请等待完成。',
    '대사가 이미 진행 중입니다. 완료될 때까지 기다려 주세요.',
    '照合はすでに実行中です。完了までお待ちください。',
  ),
  BOOKS_RUN_NOT_FOUND: e(
    404,
    'This reconciliation run does not exist.',
    '该对账记录不存在。',
    '이 대사 기록은 존재하지 않습니다.',
    'この照合の記録は存在しません。',
  ),
  BOOKS_BREAK_NOT_FOUND: e(404, 'This break does not exist.', '该差异不存在。', '이 차이는 존재하지 않습니다.', 'この差異は存在しません。'),
  BOOKS_BREAK_NOT_OPEN: e(
    409,
    'This break is no longer open.',
    '该差异已不处于未处理状态。',
    '이 차이는 더 이상 미해결 상태가 아닙니다.',
    'この差異はもう未解決ではありません。',
  ),
  BOOKS_BREAK_NOT_BOOKABLE: e(
    409,
    'A booking cannot fix this kind of break. Accept it with a note instead.',
    '此类差异无法通过调账修复，请填写备注后接受。',
    '이 유형의 차이는 조정 분개로 해결할 수 없습니다. 메모와 함께 수락해 주세요.',
    'この種類の差異は調整仕訳では解消できません。メモを付けて承認してください。',
  ),
  BOOKS_BREAK_CHANGED: e(
    409,
    'The break changed since the booking was asked for. Ask again for the difference as it stands.',
    '申请调账后差异已发生变化，请按当前差异重新申请。',
    '조정 요청 이후 차이가 변경되었습니다. 현재 차이로 다시 요청해 주세요.',
    '調整の申請後に差異が変わりました。現在の差異で申請し直してください。',
  ),
  RESERVES_SNAPSHOT_NOT_FOUND: e(
    404,
    'This proof-of-reserves snapshot does not exist.',
    '该储备证明快照不存在。',
    '이 준비금 증명 스냅샷은 존재하지 않습니다.',
    'この準備金証明のスナップショットは存在しません。',
  ),
  RESERVES_SNAPSHOT_IN_PROGRESS: e(
    409,
    'A proof-of-reserves snapshot is already being built.',
    '储备证明快照正在生成中。',
    '준비금 증명 스냅샷을 이미 생성하고 있습니다.',
    '準備金証明のスナップショットはすでに作成中です。',
  ),
} as const;
