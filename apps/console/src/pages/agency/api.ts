/** Every admin API path of the agency pages, relative to /api/v1/admin (lib/http.ts adds it). */
const id = (value: string | number) => encodeURIComponent(String(value));

export const AGENCY_API = {
  member: (uid: string) => `agency/members/${id(uid)}`,
  memberRole: (uid: string) => `agency/members/${id(uid)}/role`,
  memberTickets: (uid: string) => `agency/members/${id(uid)}/tickets`,
  rates: 'agency/rates',
  tasks: 'agency/tasks',
  taskEnd: (taskId: string) => `agency/tasks/${id(taskId)}/end`,
  grants: 'agency/tickets',
  reviews: 'agency/reviews',
  reviewDecision: (reviewId: string) => `agency/reviews/${id(reviewId)}/decision`,
} as const;
