import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * One payment pays one order: a payment id is unique among the orders' details. The purchase checks
 * it first under the payment id's lock; the index is the database's word on it. A shop that took the
 * same simulated card id for several orders before this keeps them (nothing is deleted) and gets a
 * plain index for the look-up instead, with a warning in the migration's log.
 *
 * Named apart from the payments plugin's migration of the same moment: Medusa keeps one table of the
 * migrations run, by name, so a second one with the same name was skipped (this index was missing).
 */
export class Migration20261128121000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      do $$
      begin
        create unique index if not exists "IDX_order_details_payment_id_unique" on "order_details" ("payment_id")
          where "payment_id" is not null and "deleted_at" is null;
      exception when unique_violation then
        raise warning 'order_details: a payment id is on several orders already; new ones are refused by the shop''s own check';
        create index if not exists "IDX_order_details_payment_id" on "order_details" ("payment_id") where "deleted_at" is null;
      end $$;
    `)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_order_details_payment_id_unique";`)
    this.addSql(`drop index if exists "IDX_order_details_payment_id";`)
  }
}
