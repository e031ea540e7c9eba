import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The account's privacy: the OpenPGP public key its mails are encrypted to (with its fingerprint,
 * for the account page and the data download), and the sign-in records that the scheduled job
 * prunes after SIGN_IN_RECORD_DAYS.
 */
export class Migration20261202090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shop_user" add column if not exists "pgp_public_key" text null;`)
    this.addSql(`alter table if exists "shop_user" add column if not exists "pgp_fingerprint" text null;`)
    this.addSql(
      `create table if not exists "sign_in_record" ("id" text not null, "shop_user_id" text not null references "shop_user" ("id") on delete cascade, "session_digest" text not null, "method" text not null, "user_agent" text null, "address" text null, "network" text null, "signed_in_at" timestamptz not null, "ended_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sign_in_record_pkey" primary key ("id"));`,
    )
    this.addSql(
      `create index if not exists "IDX_sign_in_record_shop_user_id" on "sign_in_record" ("shop_user_id") where deleted_at is null;`,
    )
    this.addSql(
      `create unique index if not exists "IDX_sign_in_record_session_digest_unique" on "sign_in_record" ("session_digest") where deleted_at is null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_record";`)
    this.addSql(`alter table if exists "shop_user" drop column if exists "pgp_public_key", drop column if exists "pgp_fingerprint";`)
  }
}
