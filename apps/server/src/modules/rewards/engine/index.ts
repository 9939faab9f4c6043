/**
 * The rewards engine (issue 43): reward events become rewards (process), rewards become money after
 * the holding window (release), refunds cancel or claw back, tasks pay their goal, and the jobs that
 * run it. Other code uses this file, never the engine's queries.
 */
export type { EngineDeps } from './deps';
export { nudgeRewards, PROCESS_JOB, processAll, RELEASE_JOB, type RewardJobDeps, registerRewardJobs, releaseRewardsNow } from './jobs';
export { processRewardEvents } from './process';
export { releaseDueRewards } from './release';
export { taskSourceKey } from './tasks';
