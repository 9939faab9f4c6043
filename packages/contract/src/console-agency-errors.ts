import { e } from './error-spec';

/** Errors of the agency programme's console pages (issue 43) beyond REWARD_ERRORS; part of ERRORS. */
export const CONSOLE_AGENCY_ERRORS = {
  REWARD_TASK_NOT_FOUND: e(
    404,
    'This task does not exist.',
    '该任务不存在。',
    '이 미션은 존재하지 않습니다.',
    'このタスクは存在しません。',
  ),
} as const;
