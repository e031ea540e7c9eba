import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A user's sessions are listed and ended together (the account page's active sessions): found by the user's id. */
export class Migration20261125210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "IDX_session_user_id" on "session" ((sess->>'userId'));`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_session_user_id";`)
  }
}
