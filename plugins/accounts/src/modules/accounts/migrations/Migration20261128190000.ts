import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Sign-in challenges already used (README "Signing in"): a solved challenge opens one sign-in
 * only. Kept until the challenge itself runs out; after that its signature no longer verifies.
 * The failures that lead to a challenge live in sign_in_guard, on the username's row with the
 * address '*'.
 */
export class Migration20261128190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "sign_in_challenge_used" ("digest" text not null, "expires_at" timestamptz not null, constraint "sign_in_challenge_used_pkey" primary key ("digest"));`,
    )
    this.addSql(`create index if not exists "IDX_sign_in_challenge_used_expires_at" on "sign_in_challenge_used" ("expires_at");`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_challenge_used";`)
  }
}
