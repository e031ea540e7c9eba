/**
 * What other parts of the shop may use of the orders plugin (its package's "." export): the
 * module's name, its definition (for links to its models), its service type and its rows, and the
 * flows the facade's routes run: the cart, the purchase, staff's order changes, after-sale, invoices.
 */
export { SHOP_ORDERS_MODULE, default as ShopOrdersModule } from "./modules/shop-orders"
export type { default as ShopOrdersModuleService } from "./modules/shop-orders/service"
export type { CheckoutPayment, InvoiceTerms, OrderDetails, ShopRefund, Withdrawal, WithdrawnLine } from "./modules/shop-orders/types"
export { listReturns, openStaffReturn, receiveReturn } from "./after-sale/admin-returns"
export { withAfterSale, withAfterSaleFacts } from "./after-sale/order-after-sale"
export { refundOrder, refundProposal } from "./after-sale/refunds"
export { withdraw } from "./after-sale/withdraw"
export { addToCart, clearCart, listCartItems, removeCartItem, setCartItemQuantity } from "./cart/cart"
export { invoiceOfOrder } from "./invoices/invoice"
export { deleteOrder, setOrderStatus, setShippingAddress } from "./orders/admin-orders"
export { checkoutSummary } from "./orders/checkout-summary"
export { markInvoicePaid } from "./orders/mark-paid"
export { listAllOrders, listOrdersOf } from "./orders/read-orders"
export { startCardPayment } from "./purchase/card"
export { placeOrder } from "./purchase/place-order"
export { listUnfinalisedPayments } from "./purchase/records"
export { captureWalletOrder } from "./purchase/settle"
export { createWalletOrder, walletOrder } from "./purchase/wallet"
export { receiveWebhook } from "./purchase/webhooks"
