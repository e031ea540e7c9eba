import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The Medusa order of an order_details row and the cart of a checkout_payment row move into links
 *. The columns stay until the plugin's migration-scripts/order-links.ts has copied them
 * into the link tables (which db:migrate creates after this), and that script drops them.
 */
export class Migration20261124004500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "order_details" alter column "order_id" drop not null;`)
    this.addSql(`alter table if exists "checkout_payment" alter column "cart_id" drop not null;`)
  }

  override async down(): Promise<void> {}
}
