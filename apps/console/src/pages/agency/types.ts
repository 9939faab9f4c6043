export type { AgencyMember, AgencyRates, AgencyTicketGrant, RewardRule, RewardTask } from '@wallet/contract';

/**
 * A row of the abuse review list as the abuse module's route answers it
 * (GET agency/reviews → { reviews, nextCursor }).
 */
export interface ReferralReview {
  id: string;
  status: 'open' | 'cleared' | 'voided';
  inviter: { uid: string; email: string };
  invitee: { uid: string; email: string };
  signals: { kind: string; detail?: string }[];
  /** Held rewards per currency: { USDT: "3.5" }. */
  held: Record<string, string>;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  note: string | null;
}

export interface ReferralReviewList {
  reviews: ReferralReview[];
  nextCursor: string | null;
}
