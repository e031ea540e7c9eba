import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121220531 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "order_details" drop constraint if exists "order_details_order_id_unique";`)
    this.addSql(
      `create table if not exists "order_details" ("id" text not null, "order_id" text not null, "user_number" integer null, "shipping_address" jsonb null, "status" text check ("status" in ('pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled')) not null default 'pending', "payment_method" text not null, "payment_id" text null, "payment_provider" text null, "is_test_payment" boolean not null default false, "shipping_method_number" integer null, "shipping_method_name" text null, "notes" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "order_details_pkey" primary key ("id"));`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_order_details_deleted_at" ON "order_details" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_order_details_order_id_unique" ON "order_details" ("order_id") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_details" cascade;`)
  }
}
