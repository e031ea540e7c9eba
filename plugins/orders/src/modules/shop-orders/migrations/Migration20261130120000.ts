import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The payment session and shop user of a checkout_payment row, and the order it became, move into
 * links, as do who placed an order and its shipping method's number, which Medusa's
 * order records itself. The columns stay until this plugin's migration-scripts/checkout-payment-links.ts
 * and order-details-from-medusa.ts have moved them (db:migrate makes the link tables after this),
 * and those scripts drop them; meanwhile a new row is written without them.
 */
export class Migration20261130120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "checkout_payment" alter column "payment_session_id" drop not null;`)
    this.addSql(`alter table if exists "checkout_payment" alter column "user_number" drop not null;`)
  }

  override async down(): Promise<void> {}
}
