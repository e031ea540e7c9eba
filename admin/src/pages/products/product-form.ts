import { NO_IMAGE_URL, type AdminProduct, type ProductCategory } from "@enclave/contract"

/** A feature with its German wording beside it; the German one may be left empty. */
export interface FeatureRow {
  text?: string
  de?: string
}

/** A specification with its German value beside it; the name is the same in both languages. */
export interface SpecificationRow {
  key?: string
  value?: string
  de?: string
}

export interface FormValues {
  name?: string
  nameDe?: string
  description?: string
  descriptionDe?: string
  price?: string
  category?: ProductCategory
  securityLevel?: number
  stockQuantity?: number | null
  imageUrl?: string
  features?: (FeatureRow | undefined)[]
  specifications?: (SpecificationRow | undefined)[]
}

export type FieldName = keyof FormValues
/** Where antd keeps a field: a simple field's name, or a feature's or specification's input as [list, row, input]. */
export type FormFieldPath = FieldName | ["features", number, keyof FeatureRow] | ["specifications", number, keyof SpecificationRow]
export const simpleFields: readonly FieldName[] = [
  "name",
  "nameDe",
  "description",
  "descriptionDe",
  "price",
  "category",
  "securityLevel",
  "stockQuantity",
  "imageUrl",
]

export function initialValues(product: AdminProduct | undefined): FormValues {
  if (!product) {
    // docs/product.md §9: category phone, security level 3, stock 0.
    return {
      name: "",
      nameDe: "",
      description: "",
      descriptionDe: "",
      price: "",
      category: "phone",
      securityLevel: 3,
      stockQuantity: 0,
      imageUrl: "",
      features: [],
      specifications: [],
    }
  }
  return {
    name: product.name,
    nameDe: product.nameDe,
    description: product.description,
    descriptionDe: product.descriptionDe,
    price: product.price,
    category: product.category,
    securityLevel: product.securityLevel,
    stockQuantity: product.stockQuantity,
    imageUrl: product.imageUrl === NO_IMAGE_URL ? "" : product.imageUrl,
    features: product.features.map((text) => ({ text, de: product.featuresDe[text] ?? "" })),
    specifications: Object.entries(product.specifications).map(([key, value]) => ({ key, value, de: product.specificationsDe[key] ?? "" })),
  }
}

/**
 * docs/product.md §5: a feature only if non-blank; a specification only if its key and value are both non-blank.
 * A German wording goes with the row it was typed in, keyed by that row's English feature or specification name.
 */
export function productBody(values: FormValues) {
  const specifications: Record<string, string> = {}
  const specificationsDe: Record<string, string> = {}
  for (const row of values.specifications ?? []) {
    const key = row?.key?.trim() ?? ""
    const value = row?.value?.trim() ?? ""
    const de = row?.de?.trim() ?? ""
    if (key === "" || value === "") continue
    specifications[key] = value
    if (de !== "") specificationsDe[key] = de
  }
  const features: string[] = []
  const featuresDe: Record<string, string> = {}
  for (const row of values.features ?? []) {
    const text = row?.text?.trim() ?? ""
    const de = row?.de?.trim() ?? ""
    if (text === "") continue
    features.push(text)
    if (de !== "") featuresDe[text] = de
  }
  return {
    name: values.name ?? "",
    nameDe: values.nameDe ?? "",
    description: values.description ?? "",
    descriptionDe: values.descriptionDe ?? "",
    price: (values.price ?? "").trim(),
    category: values.category,
    securityLevel: values.securityLevel,
    stockQuantity: values.stockQuantity,
    imageUrl: (values.imageUrl ?? "").trim() === "" ? null : (values.imageUrl ?? "").trim(),
    features,
    specifications,
    featuresDe,
    specificationsDe,
  }
}
