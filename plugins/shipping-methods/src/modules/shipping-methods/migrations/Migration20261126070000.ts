import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A German wording of the delivery estimate. The seed's three methods get theirs here, so a
 * shop seeded before it shows German pages in German; any estimate the admin wrote stays without one
 * (German pages show it as written) until the admin adds it.
 */
export class Migration20261126070000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "shipping_method_details" add column if not exists "estimated_delivery_de" text null;`)
    this.addSql(`update "shipping_method_details" set "estimated_delivery_de" = case "estimated_delivery"
      when '1-2 business days' then '1-2 Werktage'
      when 'Within 24 hours' then 'Innerhalb von 24 Stunden'
      when '7-30 days' then '7-30 Tage'
    end where "estimated_delivery_de" is null and "estimated_delivery" in ('1-2 business days', 'Within 24 hours', '7-30 days');`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "shipping_method_details" drop column if exists "estimated_delivery_de";`)
  }
}
