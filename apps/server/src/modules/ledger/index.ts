/**
 * The ledger's public API: the only code that writes balances (DESIGN.md section 3, ADR 0007). Other
 * modules post journals, place and finish holds and read balances through here, never its tables.
 */
export { type AccountKey, accountId, accountIds, HOUSE_SHARDS, SYSTEM_PURPOSES, USER_PLACEMENT, USER_WALLET } from './accounts';
export { type AccountSnapshot, type CheckedBatch, planCheckedBatch, postBatch, postMany, postNew } from './batch';
export * from './holds';
export { ledgerViolations } from './invariants';
export { memberTotalsSql } from './member-totals';
export { type StatementAccount, type StatementEntry, statementAccounts, statementEntries } from './periods';
export { type Leg, type Posting, type PostingResult, post } from './postings';
export { type PreviewPosting, previewPostings } from './preview';
export * from './queries';
