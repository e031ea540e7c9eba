/**
 * What other parts of the shop may use of the orders plugin (its package's "." export): the
 * module's name, its definition (for links to its models), its service type and its rows.
 */
export { SHOP_ORDERS_MODULE, default as ShopOrdersModule } from "./modules/shop-orders"
export type { default as ShopOrdersModuleService } from "./modules/shop-orders/service"
export type { CheckoutPayment, InvoiceTerms, OrderDetails, ShopRefund, Withdrawal, WithdrawnLine } from "./modules/shop-orders/types"
