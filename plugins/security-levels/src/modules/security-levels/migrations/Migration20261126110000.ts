import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The German texts of a product beside the English features and specifications. Existing
 * products have none until the admin (or, for the seeded products, the seed) adds them; German pages show
 * their English texts meanwhile.
 */
export class Migration20261126110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "security_profile" add column if not exists "description_de" text null;`)
    this.addSql(`alter table if exists "security_profile" add column if not exists "features_de" jsonb not null default '{}';`)
    this.addSql(`alter table if exists "security_profile" add column if not exists "specifications_de" jsonb not null default '{}';`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "security_profile" drop column if exists "description_de";`)
    this.addSql(`alter table if exists "security_profile" drop column if exists "features_de";`)
    this.addSql(`alter table if exists "security_profile" drop column if exists "specifications_de";`)
  }
}
