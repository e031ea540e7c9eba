/**
 * The one payment configuration's id (refine needs one for getOne/update), apart from the resource's
 * handler: the frame's banner names the record without loading the contract's schemas into the first
 * chunk, where they would be built before main.tsx turns zod's eval off.
 */
export const PAYMENT_CONFIG_ID = "current"
