import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121220115 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "payment_settings" ("id" text not null, "stripe_enabled" boolean not null default false, "stripe_secret_key" text null, "stripe_public_key" text null, "stripe_sandbox_mode" boolean not null default true, "stripe_sandbox_secret_key" text null, "stripe_sandbox_public_key" text null, "paypal_enabled" boolean not null default false, "paypal_client_id" text null, "paypal_secret" text null, "paypal_sandbox_mode" boolean not null default true, "paypal_sandbox_client_id" text null, "paypal_sandbox_secret" text null, "shipping_label" text not null default 'World wide Shipping', "shipping_price" text not null default '10.00', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "payment_settings_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_payment_settings_deleted_at" ON "payment_settings" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_settings" cascade;`)
  }
}
