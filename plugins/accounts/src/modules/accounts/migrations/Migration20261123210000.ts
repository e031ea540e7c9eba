import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Failed sign-ins, counted per (username, client address), per address and per username. Kept in
 * PostgreSQL because every server instance shares it (with or without Redis) and an upsert counts
 * parallel attempts atomically. A username is counted whether or not an account has it, so the
 * counts never tell which usernames exist. `username_key` is '' on an address's row, `address`
 * '' on a username's row; `known_until` marks an address the account signed in from.
 */
export class Migration20261123210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "sign_in_guard" (
        "username_key" text not null,
        "address" text not null,
        "failures" integer not null default 0,
        "lock_after" integer null,
        "window_ends" timestamptz not null,
        "locked_until" timestamptz null,
        "known_until" timestamptz null,
        constraint "sign_in_guard_pkey" primary key ("username_key", "address")
      );`,
    )
    this.addSql(`create index if not exists "IDX_sign_in_guard_window_ends" on "sign_in_guard" ("window_ends");`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_guard";`)
  }
}
