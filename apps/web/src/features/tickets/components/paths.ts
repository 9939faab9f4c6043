/** The ticket screens: the list (linked from the service page and the account menu), the form, one ticket. */
export const TICKETS_PATH = '/pages/workOrder/index';
export const NEW_TICKET_PATH = '/pages/workOrder/new';
export const ticketPath = (id: string) => `/pages/workOrder/detail?id=${encodeURIComponent(id)}`;
