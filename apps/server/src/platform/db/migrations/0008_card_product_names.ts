import { type Kysely, sql } from 'kysely';

/**
 * A card product's name in each app language ({"zh": ..., "en": ...}); `name` stays the operator's
 * own name and the fallback for a language left out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('card_products')
    .addColumn('names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`update card_products p set names = v.names::jsonb from (values
    ('Virtual USD Classic', '{"zh":"虚拟美元经典卡","en":"Virtual USD Classic","ko":"가상 USD 클래식","ja":"バーチャルUSDクラシック"}'),
    ('Virtual HKD Classic', '{"zh":"虚拟港币经典卡","en":"Virtual HKD Classic","ko":"가상 HKD 클래식","ja":"バーチャルHKDクラシック"}'),
    ('Virtual USD Gold', '{"zh":"虚拟美元金卡","en":"Virtual USD Gold","ko":"가상 USD 골드","ja":"バーチャルUSDゴールド"}'),
    ('Physical USD Platinum', '{"zh":"实体美元白金卡","en":"Physical USD Platinum","ko":"실물 USD 플래티넘","ja":"物理USDプラチナ"}')
  ) as v(name, names) where p.name = v.name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('card_products').dropColumn('names').execute();
}
