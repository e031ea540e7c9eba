import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121210354 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shipping_method_details" drop constraint if exists "shipping_method_details_method_number_unique";`)
    this.addSql(
      `create table if not exists "shipping_method_details" ("id" text not null, "method_number" serial, "description" text not null default '', "estimated_delivery" text null, "is_default" boolean not null default false, "is_active" boolean not null default true, "sort_order" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipping_method_details_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipping_method_details_deleted_at" ON "shipping_method_details" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipping_method_details_method_number_unique" ON "shipping_method_details" ("method_number") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipping_method_details" cascade;`)
  }
}
