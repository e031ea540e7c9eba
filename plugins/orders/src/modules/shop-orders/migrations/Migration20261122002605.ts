import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122002605 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "checkout_payment" drop constraint if exists "checkout_payment_reference_unique";`)
    this.addSql(
      `create table if not exists "checkout_payment" ("id" text not null, "provider" text check ("provider" in ('stripe', 'paypal')) not null, "reference" text not null, "payment_session_id" text not null, "cart_id" text not null, "user_number" integer not null, "amount" text not null, "is_test_payment" boolean not null default false, "shipping_address" jsonb not null, "shipping_method_number" integer not null, "shipping_method_name" text not null, "status" text check ("status" in ('created', 'paid', 'ordered', 'failed', 'unfinalised')) not null default 'created', "payment_id" text null, "order_id" text null, "failure_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "checkout_payment_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_checkout_payment_deleted_at" ON "checkout_payment" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_checkout_payment_reference_unique" ON "checkout_payment" ("reference") WHERE deleted_at IS NULL;`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_checkout_payment_cart_id" ON "checkout_payment" ("cart_id") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "checkout_payment" cascade;`)
  }
}
