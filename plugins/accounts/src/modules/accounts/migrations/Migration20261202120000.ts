import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Passkeys (WebAuthn credentials: their public parts only) and the challenges of the ceremonies in
 * progress. A challenge is kept until it is answered once or its five minutes run out; with REDIS_URL
 * they live in Redis instead and this table stays empty.
 */
export class Migration20261202120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "passkey" ("id" text not null, "credential_id" text not null, "public_key" text not null, "counter" bigint not null default 0, "transports" jsonb null, "name" text not null, "device_type" text not null, "backed_up" boolean not null default false, "last_used_at" timestamptz null, "shop_user_id" text not null references "shop_user" ("id") on delete cascade, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "passkey_pkey" primary key ("id"));`,
    )
    this.addSql(
      `create unique index if not exists "IDX_passkey_credential_id_unique" on "passkey" ("credential_id") where deleted_at is null;`,
    )
    this.addSql(`create index if not exists "IDX_passkey_shop_user_id" on "passkey" ("shop_user_id") where deleted_at is null;`)
    this.addSql(
      `create table if not exists "passkey_challenge" ("challenge" text not null, "purpose" text not null, "shop_user_id" text null, "expires_at" timestamptz not null, constraint "passkey_challenge_pkey" primary key ("challenge"));`,
    )
    this.addSql(`create index if not exists "IDX_passkey_challenge_expires_at" on "passkey_challenge" ("expires_at");`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "passkey_challenge";`)
    this.addSql(`drop table if exists "passkey";`)
  }
}
