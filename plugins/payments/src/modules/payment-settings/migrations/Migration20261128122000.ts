import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Test payments (the simulated card) get a switch of their own, off: they place orders that take real
 * stock without any payment, so a shop offers them only once an admin (or `npm start`'s demo set-up)
 * turns them on. Before, they were on whenever the card provider was in sandbox mode, its default.
 *
 * Named apart from the orders plugin's migration of the same moment: Medusa keeps one table of the
 * migrations run, by name, and skipped whichever of the two came second. It runs again where it did run (it
 * changes nothing twice).
 */
export class Migration20261128122000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "payment_settings" add column if not exists "test_payments_enabled" boolean not null default false;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "payment_settings" drop column if exists "test_payments_enabled";`)
  }
}
