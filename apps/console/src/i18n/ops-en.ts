/**
 * The operations pages' English texts (helper D2's file). Top-level keys are the ops resources' names
 * (Refine's menu and breadcrumbs read `<resource>.<resource>` for a resource's label); they must not
 * repeat a key of en.ts (i18n/index.ts refuses to compile if they do).
 */
export const opsEn = {};
