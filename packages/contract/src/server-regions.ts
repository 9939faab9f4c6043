/**
 * Regions offered on the login screen; their addresses come from server configuration. A module of its
 * own: the app's store reads it on every first screen, which should not bring every business limit.
 */
export const SERVER_REGIONS = ['KR', 'HK', 'JP', 'TW'] as const;
export type ServerRegion = (typeof SERVER_REGIONS)[number];
