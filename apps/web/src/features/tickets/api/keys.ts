/** Every ticket query starts with this, so one invalidation (a live `ticket` event) refreshes them all. */
export const TICKETS_QUERY_KEY = ['tickets'] as const;
export const TICKET_LIST_QUERY_KEY = [...TICKETS_QUERY_KEY, 'list'] as const;
export const ticketQueryKey = (id: string) => [...TICKETS_QUERY_KEY, 'ticket', id] as const;
/** Screenshots never change: kept apart so refreshing a ticket does not download its images again. */
export const attachmentQueryKey = (id: string) => ['ticket-attachment', id] as const;
