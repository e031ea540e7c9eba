import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import CheckoutPaymentModel from "./models/checkout-payment"
import OrderDetailsModel from "./models/order-details"
import ShopRefundModel from "./models/shop-refund"
import WithdrawalModel from "./models/withdrawal"
import type { CheckoutPayment, OrderDetails, ShopRefund, Withdrawal } from "./types"

class ShopOrdersModuleService extends MedusaService<{
  OrderDetails: { dto: OrderDetails; model: typeof OrderDetailsModel }
  CheckoutPayment: { dto: CheckoutPayment; model: typeof CheckoutPaymentModel }
  Withdrawal: { dto: Withdrawal; model: typeof WithdrawalModel }
  ShopRefund: { dto: ShopRefund; model: typeof ShopRefundModel }
}>({ OrderDetails: OrderDetailsModel, CheckoutPayment: CheckoutPaymentModel, Withdrawal: WithdrawalModel, ShopRefund: ShopRefundModel }) {
  /**
   * The next whole number for a cart or order item (docs/product.md §3 CartItem, OrderItem), from
   * the sequence of migration Migration20261121220500: Medusa's line items have string ids, so
   * each gets one of these in its metadata, and it follows the line from the cart into the order.
   */
  @InjectManager()
  async nextItemNumber(@MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<number> {
    const rows: { n: string | number }[] = await sharedContext.manager!.execute(`select nextval('enclave_item_number_seq') as n`)
    return Number(rows[0].n)
  }
}

export default ShopOrdersModuleService
