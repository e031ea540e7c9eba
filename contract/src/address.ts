// The shipping address is a form: ./forms.ts.
export { shippingAddressSchema, type ShippingAddress } from "./forms.js"
