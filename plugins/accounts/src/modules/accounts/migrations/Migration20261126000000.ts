import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Two-factor sign-in (a pending secret while it is set up, hashed recovery codes, the last time
 * step used), the customer's language for mails, password-reset links (only their tokens' hashes), and the
 * business details (company name, VAT ID).
 */
export class Migration20261126000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shop_user" add column if not exists "two_factor_pending_secret" text null;`)
    this.addSql(`alter table if exists "shop_user" add column if not exists "two_factor_recovery_codes" jsonb null;`)
    this.addSql(`alter table if exists "shop_user" add column if not exists "two_factor_last_step" integer null;`)
    this.addSql(`alter table if exists "shop_user" add column if not exists "language" text not null default 'en';`)
    this.addSql(`alter table if exists "shop_user" add column if not exists "company_name" text null;`)
    this.addSql(`alter table if exists "shop_user" add column if not exists "vat_id" text null;`)
    this.addSql(
      `create table if not exists "password_reset" ("id" text not null, "token_hash" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "shop_user_id" text not null references "shop_user" ("id") on delete cascade, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "password_reset_pkey" primary key ("id"));`,
    )
    this.addSql(
      `create unique index if not exists "IDX_password_reset_token_hash_unique" on "password_reset" ("token_hash") where deleted_at is null;`,
    )
    this.addSql(
      `create index if not exists "IDX_password_reset_shop_user_id" on "password_reset" ("shop_user_id") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "password_reset";`)
    this.addSql(
      `alter table if exists "shop_user" drop column if exists "two_factor_pending_secret", drop column if exists "two_factor_recovery_codes", drop column if exists "two_factor_last_step", drop column if exists "language";`,
    )
  }
}
