import type { KycBody, KycPhotoSide } from '@wallet/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { Database, KycDocumentsTable } from '../../../platform/db/schema';

// KYC documents and the cardholder's KYC state. Cardholders themselves are read with the cards (../queries.ts).

export const upsertPhoto = (db: Executor, row: Insertable<KycDocumentsTable>) =>
  db
    .insertInto('kyc_documents')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'side']).doUpdateSet(row))
    .execute();

export const findPhoto = (db: Executor, userId: string, side: KycPhotoSide) =>
  db
    .selectFrom('kyc_documents')
    .select(['content_type', 'bytes'])
    .where('user_id', '=', userId)
    .where('side', '=', side)
    .executeTakeFirst();

export const photoSides = (db: Executor, userId: string) =>
  db.selectFrom('kyc_documents').select('side').where('user_id', '=', userId).orderBy('side').execute();

/** What the issuer is sent of each photo: its fingerprint, never the image. */
export const photoFingerprints = (db: Executor, userId: string) =>
  db.selectFrom('kyc_documents').select(['side', 'sha256', 'content_type', 'size']).where('user_id', '=', userId).execute();

export const markSubmitted = (db: Executor, userId: string, body: KycBody, now: Date) =>
  db
    .updateTable('cardholders')
    .set({ kyc_status: 'in_progress', kyc_reason: null, kyc_data: JSON.stringify(body), kyc_submitted_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .execute();

export const lockCardholderByIssuerId = (trx: Transaction<Database>, issuerCardholderId: string) =>
  trx.selectFrom('cardholders').selectAll().where('issuer_cardholder_id', '=', issuerCardholderId).forUpdate().executeTakeFirst();

export const setKycResult = (trx: Transaction<Database>, userId: string, status: 'passed' | 'failed', reason: string | null, now: Date) =>
  trx.updateTable('cardholders').set({ kyc_status: status, kyc_reason: reason, updated_at: now }).where('user_id', '=', userId).execute();

/** Every card of the member waiting for KYC becomes usable. */
export const activateAwaitingCards = (trx: Transaction<Database>, userId: string, now: Date) =>
  trx
    .updateTable('cards')
    .set({ status: 'active', updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_kyc')
    .returning(['id', 'user_id', 'type'])
    .execute();
