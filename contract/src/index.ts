export * from "./product.js"
export * from "./catalogue.js"
export * from "./errors.js"
