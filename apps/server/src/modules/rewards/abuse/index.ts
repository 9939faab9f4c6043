/*
 * The abuse rules of the invitation programme, for the rewards engine and the console. The review
 * routes are in review-routes.ts, which only rewards/register.ts imports.
 */
export { flaggedPairs, type PairVerdict, pairKey } from './flags';
export { decideReview, listReviews } from './reviews';
