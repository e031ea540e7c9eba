/**
 * What other parts of the shop may use of the catalogue plugin (its package's "." export): the
 * catalogue as the storefront reads it and as staff change it, the catalogue cache and its freshness,
 * and the shop itself (its details, and the regions and countries it sells to).
 */
export { setProductImage, type UploadedImage } from "./admin-products/images"
export { createAdminProduct, deleteAdminProduct, readAdminProduct, updateAdminProduct } from "./admin-products/products"
export { shopDefaults } from "./admin-products/shop-defaults"
export { bumpCatalogue, catalogueFacts, sendCatalogueAnswer } from "./cache"
export { catalogueLanguage, varyByLanguage } from "./language"
export { catalogueEntries, findProduct, listAdminProducts, listProducts } from "./products"
export type { CatalogueEntry, MedusaLineProduct, StockSource } from "./products"
export { countryCodeOf, destinationOf, shopContext } from "./shop-context"
export type { ShopContext } from "./shop-context"
export { adminShopDetails, readShop, readShopDetails, saveShopDetails, shopTimeZone, staffSecondFactorRequired } from "./shop-details"
export { catalogueChangedStep, catalogueChangeStartsStep, type CatalogueChangeInput } from "./freshness"
