import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A German name and description of each shipping method, so a German page never says "Lieferung mit
 * Worldwide". The seed's three methods get theirs here, recognised by the description and estimate the
 * seed gave them (their names are Medusa's shipping options', another module's table); a method the
 * admin made or reworded keeps none until the admin adds it, and German pages show its English texts.
 */
export class Migration20261128200100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shipping_method_details" add column if not exists "name_de" text null;`)
    this.addSql(`alter table if exists "shipping_method_details" add column if not exists "description_de" text null;`)
    const seeded = [
      ["Standard delivery within Germany", "1-2 business days", "Deutschland Standard", "Standardversand innerhalb Deutschlands"],
      ["Express delivery within Germany", "Within 24 hours", "Deutschland Express", "Expressversand innerhalb Deutschlands"],
      ["Tracked delivery worldwide", "7-30 days", "Weltweit", "Weltweiter Versand mit Sendungsverfolgung"],
    ]
    for (const [description, estimate, nameDe, descriptionDe] of seeded) {
      this.addSql(
        `update "shipping_method_details" set "name_de" = '${nameDe}', "description_de" = '${descriptionDe}'
          where "name_de" is null and "description_de" is null and "description" = '${description}' and "estimated_delivery" = '${estimate}';`,
      )
    }
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "shipping_method_details" drop column if exists "name_de";`)
    this.addSql(`alter table if exists "shipping_method_details" drop column if exists "description_de";`)
  }
}
