import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121215758 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shop_user" drop constraint if exists "shop_user_email_unique";`)
    this.addSql(`alter table if exists "shop_user" drop constraint if exists "shop_user_username_key_unique";`)
    this.addSql(`alter table if exists "shop_user" drop constraint if exists "shop_user_user_number_unique";`)
    this.addSql(
      `create table if not exists "shop_user" ("id" text not null, "user_number" serial, "username" text not null, "username_key" text not null, "email" text not null, "full_name" text null, "is_admin" boolean not null default false, "address_line1" text null, "address_line2" text null, "city" text null, "state" text null, "postal_code" text null, "country" text null, "two_factor_enabled" boolean not null default false, "two_factor_secret" text null, "encryption_key" text null, "security_questions" jsonb null, "last_login" timestamptz null, "login_attempts" integer not null default 0, "locked_until" timestamptz null, "password_last_changed" timestamptz null, "cart_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shop_user_pkey" primary key ("id"));`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_shop_user_deleted_at" ON "shop_user" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shop_user_user_number_unique" ON "shop_user" ("user_number") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shop_user_username_key_unique" ON "shop_user" ("username_key") WHERE deleted_at IS NULL;`,
    )
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shop_user_email_unique" ON "shop_user" ("email") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shop_user" cascade;`)
  }
}
