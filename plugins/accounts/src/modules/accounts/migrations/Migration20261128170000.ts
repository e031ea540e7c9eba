import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** E-mail changes waiting for the link mailed to the new address: only their tokens' hashes. */
export class Migration20261128170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "email_change" ("id" text not null, "token_hash" text not null, "new_email" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "shop_user_id" text not null references "shop_user" ("id") on delete cascade, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "email_change_pkey" primary key ("id"));`,
    )
    this.addSql(
      `create unique index if not exists "IDX_email_change_token_hash_unique" on "email_change" ("token_hash") where deleted_at is null;`,
    )
    this.addSql(`create index if not exists "IDX_email_change_shop_user_id" on "email_change" ("shop_user_id") where deleted_at is null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_change";`)
  }
}
