import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121210254 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "security_profile" drop constraint if exists "security_profile_catalogue_number_unique";`)
    this.addSql(
      `create table if not exists "security_profile" ("id" text not null, "catalogue_number" serial, "level" integer not null default 3, "category" text check ("category" in ('phone', 'accessory', 'service')) not null default 'phone', "features" jsonb not null default '[]', "specifications" jsonb not null default '{}', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "security_profile_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_security_profile_deleted_at" ON "security_profile" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_security_profile_catalogue_number_unique" ON "security_profile" ("catalogue_number") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "security_profile" cascade;`)
  }
}
