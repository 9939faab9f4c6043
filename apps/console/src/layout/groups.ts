/**
 * The menu's groups, in order: each is a Refine resource without a page, and a page's resource names
 * its group in `meta.parent`. Labels are i18n keys (`groups.<key>`).
 */
export const GROUP = {
  overview: 'group-overview',
  money: 'group-money',
  members: 'group-members',
  cards: 'group-cards',
  content: 'group-content',
  support: 'group-support',
  agency: 'group-agency',
  placement: 'group-placement',
  books: 'group-books',
  administration: 'group-administration',
} as const;

export const GROUP_LABELS: Record<(typeof GROUP)[keyof typeof GROUP], string> = {
  'group-overview': 'groups.overview',
  'group-money': 'groups.money',
  'group-members': 'groups.members',
  'group-cards': 'groups.cards',
  'group-content': 'groups.content',
  'group-support': 'groups.support',
  'group-agency': 'groups.agency',
  'group-placement': 'groups.placement',
  'group-books': 'groups.books',
  'group-administration': 'groups.administration',
};
