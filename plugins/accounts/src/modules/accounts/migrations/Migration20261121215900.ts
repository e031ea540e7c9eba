import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * docs/product.md §3 Session (sid, sess, expire): where sign-ins live when the shop runs without Redis, so
 * they survive a restart. The layout is connect-pg-simple's, so a standard store can read it too.
 */
export class Migration20261121215900 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "session" ("sid" varchar not null primary key, "sess" json not null, "expire" timestamp(6) not null);`,
    )
    this.addSql(`create index if not exists "IDX_session_expire" on "session" ("expire");`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "session";`)
  }
}
