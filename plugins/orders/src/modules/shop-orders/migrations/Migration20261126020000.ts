import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Invoice orders: their terms as placed, and when their money was marked as received. */
export class Migration20261126020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "order_details" add column if not exists "invoice" jsonb null;`)
    this.addSql(`alter table if exists "order_details" add column if not exists "paid_at" timestamptz null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "order_details" drop column if exists "invoice";`)
    this.addSql(`alter table if exists "order_details" drop column if exists "paid_at";`)
  }
}
