import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The German name of an accessory or service ("Faraday-Hülle"). The English name is Medusa's product title,
 * another module's table, so the seeded products' German names are added at the next start by the seed
 * (addGermanTexts), where the English title can be compared through Medusa's query.
 */
export class Migration20261128200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "security_profile" add column if not exists "name_de" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "security_profile" drop column if exists "name_de";`)
  }
}
