import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Cart and order items carry whole-number ids on the wire (docs/product.md §3 CartItem, OrderItem). Medusa's
 * line items have string ids, so each gets a number from this sequence in its metadata; the
 * number follows the line item from the cart into the order.
 */
export class Migration20261121220500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists "enclave_item_number_seq";`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop sequence if exists "enclave_item_number_seq";`)
  }
}
